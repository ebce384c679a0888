package io.llmfailover.agent.client.micronaut;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.filter.ClientFilterChain;
import io.micronaut.http.filter.HttpClientFilter;
import java.util.Objects;
import org.reactivestreams.Publisher;

/** The agent's filter of one governed call, run last, nearest the network: it hands the call to {@link GovernedRun}. */
final class GovernedFilter implements HttpClientFilter {

    private final MicronautCall call;

    GovernedFilter(MicronautCall call) {
        this.call = call;
    }

    /**
     * An attempt of the call's own goes on to the network: Micronaut walks its filters back as an
     * answer comes (an error status above all), so an attempt sent after one (the app's request
     * again once a 429's wait passed, another key) reaches this filter once more, and governing it
     * would make it a call of its own, queued behind its own walk.
     */
    @Override
    public Publisher<? extends HttpResponse<?>> doFilter(MutableHttpRequest<?> request, ClientFilterChain chain) {
        if (MicronautTransport.isAttempt(request)) {
            return chain.proceed(request);
        }
        ReusableChain attempts = ReusableChain.of(chain);
        if (attempts == null || !Objects.equals(request.getUri(), call.uri())) {
            return chain.proceed(request); // an unknown chain, or an app filter sent the request elsewhere: left alone
        }
        call.reached(request, attempts);
        return GovernedRun.of(call, () -> chain.proceed(request));
    }
}
