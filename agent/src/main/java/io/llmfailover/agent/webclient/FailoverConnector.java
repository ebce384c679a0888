package io.llmfailover.agent.webclient;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
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
 * The app's connector, governed: a call the runtime governs is written into memory, run through the
 * runtime on agent threads (each attempt sent through the app's connector), and answered with the
 * connector's own response or one relayed from the runtime's answer. Anything going wrong inside
 * the agent before the call is sent lets it go ahead as if the agent were absent.
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
        return Mono.defer(() -> {
            CapturedRequest captured = new CapturedRequest(method, uri);
            return requestCallback.apply(captured)
                    .then(Mono.fromCallable(captured::toNeutral))
                    .onErrorResume(captureFailure -> {
                        FailureLog.once("WebClient request capture", captureFailure);
                        return Mono.empty();
                    })
                    .flatMap(request -> governed(governing, request).switchIfEmpty(Mono.defer(
                            () -> delegate.connect(method, uri, replay -> ConnectorTransport.write(request, replay)))))
                    .switchIfEmpty(Mono.defer(() -> delegate.connect(method, uri, requestCallback)));
        });
    }

    /** Empty when the runtime failed before sending anything: the app's captured request is then sent as it is. */
    private Mono<ClientHttpResponse> governed(CallGovernor governing, LlmRequest request) {
        return Mono.fromCallable(() -> run(governing, request))
                .subscribeOn(agentThreads)
                .onErrorMap(TransportFailure::unwrapped);
    }

    private ClientHttpResponse run(CallGovernor governing, LlmRequest request) throws IOException {
        LlmResponse answer;
        try {
            answer = governing.execute(request, new ConnectorTransport(delegate, request));
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException | Error e) {
            FailureLog.once("WebClient call", e);
            return null;
        }
        if (answer instanceof ConnectorLlmResponse attempt) {
            ClientHttpResponse own = attempt.takeNative();
            if (own != null) {
                return own;
            }
        }
        return new RelayedClientHttpResponse(answer, agentThreads);
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
