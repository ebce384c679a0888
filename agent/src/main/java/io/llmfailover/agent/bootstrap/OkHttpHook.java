package io.llmfailover.agent.bootstrap;

import java.util.List;

/** Implemented by the OkHttp adapter, in a class loader that sees the app's OkHttp. */
public interface OkHttpHook {

    /**
     * Puts the agent's interceptors first in a freshly built {@code OkHttpClient.Builder}'s lists,
     * exactly once each.
     */
    void decorate(List<Object> interceptors, List<Object> networkInterceptors);
}
