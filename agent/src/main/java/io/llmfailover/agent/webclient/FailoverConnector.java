package io.llmfailover.agent.webclient;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import java.net.URI;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The app's connector, governed: calls the runtime governs become a {@link GovernedExchange}, all
 * others go straight to the app's own connector. Holds no lambda that captures {@code this}: see
 * {@link io.llmfailover.agent.bootstrap.AdapterClassLoader} on classes that implement client types.
 */
final class FailoverConnector implements ClientHttpConnector {

    private final ClientHttpConnector delegate;
    private final Supplier<CallGovernor> governor;
    private final Scheduler agentThreads;

    FailoverConnector(ClientHttpConnector delegate, Supplier<CallGovernor> governor, Scheduler agentThreads) {
        this.delegate = delegate;
        this.governor = governor;
        this.agentThreads = agentThreads;
    }

    @Override
    public Mono<ClientHttpResponse> connect(HttpMethod method, URI uri,
            Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
        CallGovernor governing = governorOf(uri);
        if (governing == null) {
            return delegate.connect(method, uri, requestCallback);
        }
        return new GovernedExchange(delegate, governing, agentThreads).connect(method, uri, requestCallback);
    }

    private CallGovernor governorOf(URI uri) {
        if (CallDepth.inCall()) {
            return null; // an attempt of a call governed further up this thread
        }
        try {
            CallGovernor current = governor.get();
            return current != null && current.governs(uri) ? current : null;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("WebClient governs()", e);
            return null;
        }
    }
}
