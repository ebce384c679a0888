package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code DefaultHttpClientFilterResolver.resolveFilters(request, entries)}: a governed call's list gets the agent's filter. */
final class MicronautFiltersAdvice {

    private MicronautFiltersAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object resolver, @Advice.Argument(0) Object request, @Advice.Return Object filters) {
        ClientHooks.call(MicronautInstrumentation.ADAPTER, "filtersResolved", resolver, new Object[] {request, filters}, null);
    }
}
