package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code connect()}: a governed connection connects only when its call runs. */
final class UrlConnectionConnectAdvice {

    private UrlConnectionConnectAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.This Object connection) {
        return AgentHooks.urlConnectionSkipsConnect(connection);
    }
}
