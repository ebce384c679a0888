package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code disconnect()}: a governed call's response is released too. */
final class UrlConnectionDisconnectAdvice {

    private UrlConnectionDisconnectAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object connection) {
        AgentHooks.urlConnectionDisconnected(connection);
    }
}
