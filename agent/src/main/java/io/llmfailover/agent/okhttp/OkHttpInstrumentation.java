package io.llmfailover.agent.okhttp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/** Hooks every {@code okhttp3.OkHttpClient.Builder} constructor (a client made without one uses one too). */
public final class OkHttpInstrumentation implements ClientInstrumentation {

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(named("okhttp3.OkHttpClient$Builder"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isConstructor(), "io.llmfailover.agent.okhttp.OkHttpBuilderAdvice")
                        .advice(named("build").and(takesArguments(0)),
                                "io.llmfailover.agent.okhttp.OkHttpBuilderAdvice$OnBuild"));
    }
}
