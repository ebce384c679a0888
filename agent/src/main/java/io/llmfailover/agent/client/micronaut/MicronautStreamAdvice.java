package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code DefaultHttpClient.dataStream}, {@code exchangeStream} and {@code jsonStream}: the body comes back as a stream. */
final class MicronautStreamAdvice {

    private MicronautStreamAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object client, @Advice.Argument(0) Object request) {
        ClientHooks.call(MicronautInstrumentation.ADAPTER, "asked", client, new Object[] {request, Boolean.TRUE, null}, null);
    }
}
