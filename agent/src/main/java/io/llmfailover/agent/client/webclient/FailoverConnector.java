package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The app's connector, governed: the call lifecycle decides on the method and URI alone, before the
 * app's request callback has written a byte; calls it does not govern go straight to the app's own
 * connector, untouched. Holds no lambda that captures {@code this}: see
 * {@link io.llmfailover.agent.bootstrap.AdapterClassLoader} on classes that implement client types.
 */
final class FailoverConnector implements ClientHttpConnector {

    private final ClientHttpConnector delegate;
    private final Supplier<CallRunner> governor;
    private final ExecutorService agentThreads;
    private final Scheduler readers;

    FailoverConnector(ClientHttpConnector delegate, Supplier<CallRunner> governor, ExecutorService agentThreads,
            Scheduler readers) {
        this.delegate = delegate;
        this.governor = governor;
        this.agentThreads = agentThreads;
        this.readers = readers;
    }

    @Override
    public Mono<ClientHttpResponse> connect(HttpMethod method, URI uri,
            Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
        WebClientCall call = new WebClientCall(delegate, method, uri, requestCallback, agentThreads, readers);
        Governance governance = CallLifecycle.start(WebClientBinding.INSTANCE, call, governor);
        if (governance == null) {
            return delegate.connect(method, uri, call.callback()); // without the agent's own headers
        }
        return GovernedExchange.of(call, governance);
    }
}
