package io.llmfailover.agent.webclient;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/** Hooks {@code ExchangeFunctions.create(connector, strategies)}, which the one-argument overload calls too. */
public final class WebClientInstrumentation implements ClientInstrumentation {

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(named("org.springframework.web.reactive.function.client.ExchangeFunctions"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isStatic().and(named("create")).and(takesArguments(2)),
                                "io.llmfailover.agent.webclient.WebClientConnectorAdvice"));
    }
}
