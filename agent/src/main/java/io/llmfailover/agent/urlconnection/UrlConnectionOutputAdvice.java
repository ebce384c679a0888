package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code getOutputStream()}: a governed connection gets a buffer and does not connect. */
final class UrlConnectionOutputAdvice {

    private UrlConnectionOutputAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(@Advice.This Object connection) {
        return AgentHooks.urlConnectionOutput(connection);
    }
}
