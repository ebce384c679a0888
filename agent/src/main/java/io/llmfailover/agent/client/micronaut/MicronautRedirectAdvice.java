package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import io.llmfailover.agent.bootstrap.HookOutcome;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Inlined into {@code DefaultHttpClient.resolveRedirectURI(parent, redirect)}: a fallback attempt's
 * redirect fails instead; the app's own attempt's is an attempt too.
 */
final class MicronautRedirectAdvice {

    private MicronautRedirectAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static HookOutcome enter(@Advice.This Object client, @Advice.Argument(0) Object parentRequest,
            @Advice.Argument(1) Object redirect) {
        return (HookOutcome) ClientHooks.call(MicronautInstrumentation.ADAPTER, "redirecting", client,
                new Object[] {parentRequest, redirect}, null);
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Enter HookOutcome outcome,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        if (outcome != null) {
            returned = outcome.value();
        }
    }
}
