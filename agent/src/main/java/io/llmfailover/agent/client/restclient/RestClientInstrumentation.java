package io.llmfailover.agent.client.restclient;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks where a RestClient or RestTemplate gets its request factory: the {@code DefaultRestClient}
 * constructor (which {@code RestClient.Builder.build()} calls with the factory it chose, its default
 * included), and {@code HttpAccessor}, RestTemplate's base, as it is constructed with its default
 * factory and whenever {@code setRequestFactory} replaces it.
 */
public final class RestClientInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.restclient.RestClientAdapter";

    private static final String ADVICE = "io.llmfailover.agent.client.restclient.RestClientAdvice";
    private static final String FACTORY = "org.springframework.http.client.ClientHttpRequestFactory";
    private static final String REST_CLIENT = "org.springframework.web.client.DefaultRestClient";
    private static final String ACCESSOR = "org.springframework.http.client.support.HttpAccessor";

    @Override
    public List<String> typeNames() {
        return List.of(REST_CLIENT, ACCESSOR);
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        if (typeName.equals(REST_CLIENT)) {
            return List.of(MethodAdvice.of(isConstructor().and(takesArgument(0, named(FACTORY))), ADVICE + "$OnRestClientCreated"));
        }
        return List.of(
                MethodAdvice.of(isConstructor().and(takesArguments(0)), ADVICE + "$OnAccessorCreated"),
                MethodAdvice.of(named("setRequestFactory").and(takesArguments(1)).and(takesArgument(0, named(FACTORY))),
                        ADVICE + "$OnRequestFactorySet"));
    }
}
