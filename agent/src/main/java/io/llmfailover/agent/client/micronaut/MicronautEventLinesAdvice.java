package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into the static {@code DefaultHttpClient.isAcceptEvents(request)}, which decides whether
 * the client splits a streamed answer into SSE lines: an attempt of the agent's is not split.
 */
final class MicronautEventLinesAdvice {

    private MicronautEventLinesAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Origin Class<?> client, @Advice.Argument(0) Object request,
            @Advice.Return(readOnly = false) boolean acceptsEvents) {
        if (acceptsEvents && !(Boolean) ClientHooks.call(MicronautInstrumentation.ADAPTER, "splitsEvents", client,
                new Object[] {request}, Boolean.TRUE)) {
            acceptsEvents = false;
        }
    }
}
