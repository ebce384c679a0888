package io.llmfailover.agent.apache5;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/** Hooks {@code build()} of Apache HttpClient 5's classic and async client builders. */
public final class Apache5Instrumentation implements ClientInstrumentation {

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(named("org.apache.hc.client5.http.impl.classic.HttpClientBuilder"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("build").and(takesArguments(0)), "io.llmfailover.agent.apache5.ClassicBuildAdvice"))
                .type(named("org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("build").and(takesArguments(0)), "io.llmfailover.agent.apache5.AsyncBuildAdvice"));
    }
}
