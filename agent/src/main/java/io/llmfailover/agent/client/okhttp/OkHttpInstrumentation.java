package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.Hook;
import io.llmfailover.agent.weaving.ReceiverHook;
import java.util.List;

/**
 * Hooks every {@code okhttp3.OkHttpClient.Builder} constructor (a client made without one uses one
 * too), and {@code build()}: interceptors added after construction (an SDK's own) must not come
 * after the agent's.
 */
public final class OkHttpInstrumentation implements ClientModule {

    private static final List<Hook> HOOKS = List.of(
            ReceiverHook.constructed("okHttpBuilderCreated"),
            ReceiverHook.entering("build", 0, "okHttpBuilderCreated"));

    @Override
    public List<String> typeNames() {
        return List.of("okhttp3.OkHttpClient$Builder");
    }

    @Override
    public List<Hook> hooksFor(String typeName) {
        return HOOKS;
    }
}
