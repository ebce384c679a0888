package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.ClientHooks;
import io.llmfailover.agent.bootstrap.HookOutcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into {@code NettyNioAsyncHttpClient.execute}: a governed call skips the original and returns the agent's future. */
final class AwsSdkExecuteAdvice {

    private AwsSdkExecuteAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static HookOutcome enter(@Advice.This Object client, @Advice.Argument(0) Object request) {
        return (HookOutcome) ClientHooks.call(AwsSdkInstrumentation.ADAPTER, "execute", client,
                new Object[] {request}, null);
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Enter HookOutcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        if (outcome != null) {
            returned = outcome.value();
        }
    }
}
