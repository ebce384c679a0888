package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined at the end of the skipped methods: the governed outcome replaces what the original would give. */
final class UrlConnectionOutcomeAdvice {

    private UrlConnectionOutcomeAdvice() {}

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(
            @Advice.Enter Outcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
            @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (outcome != null) {
            if (outcome.failure() != null) {
                thrown = outcome.failure();
            } else {
                returned = outcome.value();
            }
        }
    }
}
