package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined at the start of {@code HttpAsyncClientBuilder.build()}. */
final class AsyncBuildAdvice {

    private AsyncBuildAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object builder) {
        ClientHooks.call(Apache5Instrumentation.ADAPTER, "asyncBuilding", builder, new Object[0], null);
    }
}
