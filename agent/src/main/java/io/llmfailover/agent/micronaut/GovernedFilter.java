package io.llmfailover.agent.micronaut;

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

    @Override
    public Publisher<? extends HttpResponse<?>> doFilter(MutableHttpRequest<?> request, ClientFilterChain chain) {
        ReusableChain attempts = ReusableChain.of(chain);
        if (attempts == null || !Objects.equals(request.getUri(), call.uri())) {
            return chain.proceed(request); // an unknown chain, or an app filter sent the request elsewhere: left alone
        }
        call.reached(request, attempts);
        return GovernedRun.of(call, () -> chain.proceed(request));
    }
}
