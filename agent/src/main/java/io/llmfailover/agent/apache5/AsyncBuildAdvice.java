package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;

/** Inlined at the start of {@code HttpAsyncClientBuilder.build()}. */
final class AsyncBuildAdvice {

    private AsyncBuildAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object builder) {
        AgentHooks.apache5AsyncBuilding(builder);
    }
}
