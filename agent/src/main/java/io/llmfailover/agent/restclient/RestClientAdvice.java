package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;
import org.springframework.http.client.support.InterceptingHttpAccessor;

/** Advice inlined into Spring's RestClient builder and RestTemplate. */
final class RestClientAdvice {

    private RestClientAdvice() {}

    /** Interceptors the app adds to the builder come before ours, whenever it adds them. */
    static final class OnBuild {
        private OnBuild() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void beforeBuild(@Advice.This Object builder) {
            AgentHooks.restClientBuilding(builder);
        }
    }

    /** After construction and after {@code setInterceptors} (which clears the list and re-sorts it). */
    static final class OnInterceptorsChanged {
        private OnInterceptorsChanged() {}

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void afterChange(@Advice.This InterceptingHttpAccessor accessor) {
            AgentHooks.restTemplateInterceptors(accessor, accessor.getInterceptors());
        }
    }
}
