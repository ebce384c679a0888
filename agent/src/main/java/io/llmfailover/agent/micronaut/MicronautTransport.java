package io.llmfailover.agent.micronaut;

import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpHeaders;
import io.micronaut.http.MutableHttpRequest;
import java.io.IOException;

/**
 * Sends each attempt down the rest of the app's filter chain, through the app's own client (its
 * pool, TLS, proxy, timeouts, codecs): a request of its own with the attempt's method, URI, headers
 * and body bytes, which Micronaut answers in the type the app asked for.
 */
final class MicronautTransport implements Transport {

    /** Marks a request the runtime rewrote (a fallback's, or one with a key the agent put in): a redirect it gets is not followed. */
    private static final String FALLBACK_ATTEMPT = "io.llmfailover.micronaut.fallback-attempt";

    private final MicronautCall call;

    MicronautTransport(MicronautCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        LlmRequest request = attempt.request();
        MutableHttpRequest<Object> out = HttpRequest.create(HttpMethod.parse(request.method()), request.uri().toString());
        MutableHttpHeaders headers = out.getHeaders();
        request.headers().forEach(headers::add);
        if (attempt.original()) {
            attempt.addedHeaders().forEach(headers::add);
        } else {
            markFallback(out);
        }
        if (request.body().length > 0) {
            out.body(request.body());
        }
        return AttemptExchange.send(call, new WatchedAttempt(out), attempt.headTimeout());
    }

    static void markFallback(MutableHttpRequest<?> request) {
        request.setAttribute(FALLBACK_ATTEMPT, Boolean.TRUE);
    }

    static boolean isFallbackAttempt(HttpRequest<?> request) {
        return request.getAttribute(FALLBACK_ATTEMPT).isPresent();
    }
}
