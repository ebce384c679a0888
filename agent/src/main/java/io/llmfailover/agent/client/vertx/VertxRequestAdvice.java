package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.ClientHooks;
import io.llmfailover.agent.bootstrap.HookOutcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into {@code HttpClientImpl.request(RequestOptions)}: a governed call skips the original body and returns its own request. */
final class VertxRequestAdvice {

    private VertxRequestAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static HookOutcome enter(@Advice.This Object client, @Advice.Argument(0) Object options) {
        return (HookOutcome) ClientHooks.call(VertxInstrumentation.ADAPTER, "request", client, new Object[] {options}, null);
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Enter HookOutcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        if (outcome != null) {
            returned = outcome.value();
        }
    }
}
