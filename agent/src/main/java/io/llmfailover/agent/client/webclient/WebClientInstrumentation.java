package io.llmfailover.agent.client.webclient;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/** Hooks {@code ExchangeFunctions.create(connector, strategies)}, which the one-argument overload calls too. */
public final class WebClientInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.webclient.WebClientAdapter";

    @Override
    public List<String> typeNames() {
        return List.of("org.springframework.web.reactive.function.client.ExchangeFunctions");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(isStatic().and(named("create")).and(takesArguments(2)),
                "io.llmfailover.agent.client.webclient.WebClientConnectorAdvice"));
    }
}
