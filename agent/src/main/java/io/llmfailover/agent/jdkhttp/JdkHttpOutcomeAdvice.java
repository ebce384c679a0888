package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Inlined at the end of {@code send} and {@code sendAsync}: when the enter advice governed the
 * call, its outcome replaces what the skipped original body would have returned or thrown.
 */
final class JdkHttpOutcomeAdvice {

    private JdkHttpOutcomeAdvice() {}

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(
            @Advice.Enter Outcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
            @Advice.Thrown(readOnly = false) Throwable thrown) {
        AgentHooks.jdkCallEnded();
        if (outcome != null) {
            if (outcome.failure() != null) {
                thrown = outcome.failure();
            } else {
                returned = outcome.value();
            }
        }
    }
}
