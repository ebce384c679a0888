package io.llmfailover.agent.client.micronaut;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpHeaders;
import io.micronaut.http.MutableHttpRequest;
import java.io.IOException;

/**
 * Sends each attempt down the rest of the app's filter chain, through the app's own client (its
 * pool, TLS, proxy, timeouts, codecs): a request of its own with the attempt's method, URI, headers
 * and body bytes, which Micronaut answers in the type the app asked for. Its answer comes as it
 * arrived, never split into lines as Micronaut splits an event stream for the app ({@link SseLines}):
 * the runtime reads the provider's own bytes.
 */
final class MicronautTransport implements Transport {

    /** Marks an attempt's request, whose answer the client hands over as it arrived. */
    private static final String ATTEMPT = "io.llmfailover.micronaut.attempt";

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
        markAttempt(out);
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
        return MicronautAttempt.send(call, new WatchedAttempt(out), attempt.headDeadline());
    }

    static void markAttempt(MutableHttpRequest<?> request) {
        request.setAttribute(ATTEMPT, Boolean.TRUE);
    }

    static void markFallback(MutableHttpRequest<?> request) {
        request.setAttribute(FALLBACK_ATTEMPT, Boolean.TRUE);
    }

    static boolean isFallbackAttempt(HttpRequest<?> request) {
        return request.getAttribute(FALLBACK_ATTEMPT).isPresent();
    }

    static boolean isAttempt(HttpRequest<?> request) {
        return request.getAttribute(ATTEMPT).isPresent();
    }

    /** The app's own attempt follows a redirect (a fallback's never does): the redirect's answer is an attempt's too. */
    static void redirected(HttpRequest<?> attempt, HttpRequest<?> redirect) {
        if (isAttempt(attempt) && redirect instanceof MutableHttpRequest<?> mutable) {
            markAttempt(mutable);
        }
    }
}
