package io.llmfailover.agent.client.vertx;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks {@code HttpClientImpl.request(RequestOptions)}, Vert.x 5's one way into a request: every
 * {@code request(...)} overload of {@code HttpClient} and {@code HttpClientAgent}, the client's own
 * redirects, and WebClient (which calls it once per call) end there.
 */
public final class VertxInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.vertx.VertxAdapter";

    @Override
    public List<String> typeNames() {
        return List.of("io.vertx.core.http.impl.HttpClientImpl");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(isPublic().and(named("request")).and(takesArguments(1))
                        .and(takesArgument(0, named("io.vertx.core.http.RequestOptions"))),
                "io.llmfailover.agent.client.vertx.VertxRequestAdvice"));
    }
}
