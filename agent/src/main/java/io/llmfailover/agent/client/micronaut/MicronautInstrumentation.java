package io.llmfailover.agent.client.micronaut;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Hooks Micronaut 4's HTTP client in two places. The client methods the app calls mark the request
 * with what the app expects back: {@code DefaultHttpClient}'s reactive {@code exchange} (which
 * {@code retrieve} and declarative clients reach), {@code dataStream}, {@code exchangeStream} and
 * {@code jsonStream}, and the blocking client's {@code exchange} ({@code DefaultHttpClient$1}, what
 * {@code toBlocking()} returns). Then {@code DefaultHttpClientFilterResolver.resolveFilters}, which
 * every request of every client goes through with its absolute URI, gives a governed call the
 * agent's filter. And {@code resolveRedirectURI}, where the client starts to follow a redirect, which
 * a fallback attempt never does; and {@code isAcceptEvents}, where it decides to split an event
 * stream into lines, which it never does for an attempt's answer.
 */
public final class MicronautInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.micronaut.MicronautAdapter";

    static final String CLIENT = "io.micronaut.http.client.netty.DefaultHttpClient";
    static final String BLOCKING_CLIENT = CLIENT + "$1";
    static final String FILTER_RESOLVER = "io.micronaut.http.client.filter.DefaultHttpClientFilterResolver";
    private static final String REQUEST = "io.micronaut.http.HttpRequest";
    private static final String ARGUMENT = "io.micronaut.core.type.Argument";

    @Override
    public List<String> typeNames() {
        return List.of(CLIENT, BLOCKING_CLIENT, FILTER_RESOLVER);
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return switch (typeName) {
            case CLIENT -> List.of(
                    MethodAdvice.of(exchange(), "io.llmfailover.agent.client.micronaut.MicronautExchangeAdvice"),
                    MethodAdvice.of(isPublic().and(named("dataStream").or(named("exchangeStream"))).and(takesArguments(2))
                                    .and(takesArgument(0, named(REQUEST))).and(takesArgument(1, named(ARGUMENT))),
                            "io.llmfailover.agent.client.micronaut.MicronautStreamAdvice"),
                    MethodAdvice.of(isPublic().and(named("jsonStream")).and(takesArguments(3))
                                    .and(takesArgument(0, named(REQUEST))).and(takesArgument(1, named(ARGUMENT))),
                            "io.llmfailover.agent.client.micronaut.MicronautStreamAdvice"),
                    MethodAdvice.of(named("resolveRedirectURI").and(takesArguments(2)).and(takesArgument(0, named(REQUEST)))
                                    .and(takesArgument(1, named(REQUEST))),
                            "io.llmfailover.agent.client.micronaut.MicronautRedirectAdvice"),
                    MethodAdvice.of(isStatic().and(named("isAcceptEvents")).and(takesArguments(1))
                                    .and(takesArgument(0, named(REQUEST))),
                            "io.llmfailover.agent.client.micronaut.MicronautEventLinesAdvice"));
            case BLOCKING_CLIENT -> List.of(
                    MethodAdvice.of(exchange(), "io.llmfailover.agent.client.micronaut.MicronautBlockingExchangeAdvice"));
            case FILTER_RESOLVER -> List.of(MethodAdvice.of(isPublic().and(named("resolveFilters")).and(takesArguments(2))
                            .and(takesArgument(0, named(REQUEST))),
                    "io.llmfailover.agent.client.micronaut.MicronautFiltersAdvice"));
            default -> List.of();
        };
    }

    /** {@code exchange(HttpRequest, Argument bodyType, Argument errorType)}. */
    private static ElementMatcher.Junction<MethodDescription> exchange() {
        return isPublic().and(named("exchange")).and(takesArguments(3)).and(takesArgument(0, named(REQUEST)))
                .and(takesArgument(1, named(ARGUMENT))).and(takesArgument(2, named(ARGUMENT)));
    }
}
