package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined at the start of {@code ExchangeFunctions.create(connector, strategies)}: swaps in the governed connector. */
final class WebClientConnectorAdvice {

    private WebClientConnectorAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(
            @Advice.Origin Class<?> exchangeFunctions,
            @Advice.Argument(value = 0, readOnly = false, typing = Assigner.Typing.DYNAMIC) Object connector) {
        connector = ClientHooks.call(WebClientInstrumentation.ADAPTER, "governedConnector", exchangeFunctions,
                new Object[] {connector}, connector);
    }
}
