package io.llmfailover.agent.restclient;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Hooks {@code DefaultRestClientBuilder.build()}, every {@code RestTemplate} constructor and
 * {@code InterceptingHttpAccessor.setInterceptors} (which replaces a RestTemplate's interceptors).
 */
public final class RestClientInstrumentation implements ClientInstrumentation {

    private static final String ADVICE = "io.llmfailover.agent.restclient.RestClientAdvice";

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder
                .type(named("org.springframework.web.client.DefaultRestClientBuilder"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("build").and(takesArguments(0)), ADVICE + "$OnBuild"))
                .type(named("org.springframework.web.client.RestTemplate"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isConstructor(), ADVICE + "$OnInterceptorsChanged"))
                .type(named("org.springframework.http.client.support.InterceptingHttpAccessor"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("setInterceptors").and(takesArguments(1)), ADVICE + "$OnInterceptorsChanged"));
    }
}
