package io.llmfailover.agent.okhttp;

import io.llmfailover.agent.bootstrap.AgentHooks;
import net.bytebuddy.asm.Advice;
import okhttp3.OkHttpClient;

/** Inlined at the end of every {@code OkHttpClient.Builder} constructor, and at the start of {@code build()}. */
final class OkHttpBuilderAdvice {

    private OkHttpBuilderAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void onConstructed(@Advice.This OkHttpClient.Builder builder) {
        AgentHooks.okHttpBuilderCreated(builder, builder.interceptors(), builder.networkInterceptors());
    }

    /** Interceptors added after construction (an SDK's own) must not come after ours. */
    static final class OnBuild {
        private OnBuild() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void beforeBuild(@Advice.This OkHttpClient.Builder builder) {
            AgentHooks.okHttpBuilderCreated(builder, builder.interceptors(), builder.networkInterceptors());
        }
    }
}
