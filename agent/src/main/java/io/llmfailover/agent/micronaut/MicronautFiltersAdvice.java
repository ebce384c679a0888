package io.llmfailover.agent.micronaut;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code DefaultHttpClientFilterResolver.resolveFilters(request, entries)}: a governed call's list gets the agent's filter. */
final class MicronautFiltersAdvice {

    private MicronautFiltersAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object resolver, @Advice.Argument(0) Object request, @Advice.Return Object filters) {
        AgentHooks.micronautFiltersResolved(resolver, request, filters);
    }
}
