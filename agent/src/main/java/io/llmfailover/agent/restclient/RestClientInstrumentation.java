package io.llmfailover.agent.restclient;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Hooks where a RestClient or RestTemplate gets its request factory: the {@code DefaultRestClient}
 * constructor (which {@code RestClient.Builder.build()} calls with the factory it chose, its default
 * included), and {@code HttpAccessor}, RestTemplate's base, as it is constructed with its default
 * factory and whenever {@code setRequestFactory} replaces it.
 */
public final class RestClientInstrumentation implements ClientInstrumentation {

    private static final String ADVICE = "io.llmfailover.agent.restclient.RestClientAdvice";
    private static final String FACTORY = "org.springframework.http.client.ClientHttpRequestFactory";

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder
                .type(named("org.springframework.web.client.DefaultRestClient"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isConstructor().and(takesArgument(0, named(FACTORY))), ADVICE + "$OnRestClientCreated"))
                .type(named("org.springframework.http.client.support.HttpAccessor"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isConstructor().and(takesArguments(0)), ADVICE + "$OnAccessorCreated")
                        .advice(named("setRequestFactory").and(takesArguments(1)).and(takesArgument(0, named(FACTORY))),
                                ADVICE + "$OnRequestFactorySet"));
    }
}
