package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into the blocking client's {@code exchange(request, bodyType, errorType)}; its client is the enclosing one. */
final class MicronautBlockingExchangeAdvice {

    private MicronautBlockingExchangeAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.FieldValue("this$0") Object client, @Advice.Argument(0) Object request,
            @Advice.Argument(1) Object bodyType) {
        ClientHooks.call(MicronautInstrumentation.ADAPTER, "asked", client, new Object[] {request, Boolean.FALSE, bodyType},
                null);
    }
}
