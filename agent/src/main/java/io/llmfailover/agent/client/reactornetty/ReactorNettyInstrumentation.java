package io.llmfailover.agent.client.reactornetty;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks the terminal operations of {@code HttpClient.ResponseReceiver} on {@code HttpClientFinalizer},
 * the one class behind every {@code httpClient.post().uri(…).send(…)} chain.
 */
public final class ReactorNettyInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.reactornetty.ReactorNettyAdapter";

    @Override
    public List<String> typeNames() {
        return List.of("reactor.netty.http.client.HttpClientFinalizer");
    }

    /** Loaded by {@code HttpClient.create()}; the hooked class, only by the first call. */
    @Override
    public List<String> entryTypeNames() {
        return List.of("reactor.netty.http.client.HttpClient");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(isPublic().and(namedOneOf(ReceiverOperation.NAMES)),
                "io.llmfailover.agent.client.reactornetty.ReactorNettyReceiveAdvice"));
    }
}
