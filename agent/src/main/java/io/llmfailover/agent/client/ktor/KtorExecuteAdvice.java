package io.llmfailover.agent.client.ktor;

import io.llmfailover.agent.bootstrap.ClientHooks;
import io.llmfailover.agent.bootstrap.HookOutcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into {@code CIOEngine.execute}: a governed call skips the original body and returns {@code COROUTINE_SUSPENDED}. */
final class KtorExecuteAdvice {

    private KtorExecuteAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static HookOutcome enter(@Advice.This Object engine, @Advice.Argument(0) Object request,
            @Advice.Argument(1) Object continuation) {
        return (HookOutcome) ClientHooks.call(KtorInstrumentation.ADAPTER, "execute", engine,
                new Object[] {request, continuation}, null);
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Enter HookOutcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        if (outcome != null) {
            returned = outcome.value();
        }
    }
}
