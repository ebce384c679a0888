package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined at the start of {@code HttpRequest.sendAsync(destination, listener)}: a governed call skips the original body. */
final class JettySendAdvice {

    private JettySendAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.This Object request, @Advice.Argument(0) Object destination,
            @Advice.Argument(1) Object listener) {
        return (Boolean) ClientHooks.call(JettyInstrumentation.ADAPTER, "send", request,
                new Object[] {destination, listener}, Boolean.FALSE);
    }
}
