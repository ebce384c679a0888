package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined at the end of {@code HttpRequest.abort(cause)}: the app's abort reaches a governed call, which Jetty does not hold. */
final class JettyAbortAdvice {

    private JettyAbortAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object request, @Advice.Argument(0) Throwable cause) {
        ClientHooks.call(JettyInstrumentation.ADAPTER, "aborted", request, new Object[] {cause}, null);
    }
}
