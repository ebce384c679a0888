package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.Hook;
import io.llmfailover.agent.weaving.OutcomeHook;
import java.util.List;

/**
 * Hooks the JDK's own {@code HttpClient} implementations: the public facade and the implementation
 * it delegates to ({@link io.llmfailover.agent.bootstrap.CallDepth} keeps the inner one quiet).
 * They are the only subclasses of {@code java.net.http.HttpClient} in {@code java.net.http} on
 * JDK 17 to 25, named exactly so that none of the hundreds of other classes the client loads is
 * parsed or looked up in its hierarchy. {@code send} and both public {@code sendAsync} overloads
 * (with and without a push promise handler) answer with the governed call's outcome when there is
 * one.
 */
public final class JdkHttpInstrumentation implements ClientModule {

    private static final List<Hook> HOOKS = List.of(
            OutcomeHook.agentHooks("send", 2, 2, "jdkSend", "jdkCallEnded"),
            OutcomeHook.agentHooks("sendAsync", 2, 3, "jdkSendAsync", "jdkCallEnded"));

    @Override
    public List<String> typeNames() {
        return List.of("jdk.internal.net.http.HttpClientImpl", "jdk.internal.net.http.HttpClientFacade");
    }

    @Override
    public List<Hook> hooksFor(String typeName) {
        return HOOKS;
    }
}
