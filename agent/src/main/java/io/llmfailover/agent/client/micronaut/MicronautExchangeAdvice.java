package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code DefaultHttpClient.exchange(request, bodyType, errorType)}: the body comes back decoded. */
final class MicronautExchangeAdvice {

    private MicronautExchangeAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object client, @Advice.Argument(0) Object request, @Advice.Argument(1) Object bodyType) {
        ClientHooks.call(MicronautInstrumentation.ADAPTER, "asked", client, new Object[] {request, Boolean.FALSE, bodyType},
                null);
    }
}
