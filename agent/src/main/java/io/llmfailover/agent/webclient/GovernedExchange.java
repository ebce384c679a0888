package io.llmfailover.agent.webclient;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One governed WebClient exchange: the request is written into memory, run through the runtime on
 * agent threads (each attempt sent through the app's connector), and answered with the connector's
 * own response or one relayed from the runtime's answer. Anything going wrong inside the agent
 * before the call is sent lets it go ahead as if the agent were absent.
 */
final class GovernedExchange {

    private final ClientHttpConnector connector;
    private final CallGovernor governor;
    private final Scheduler agentThreads;

    GovernedExchange(ClientHttpConnector connector, CallGovernor governor, Scheduler agentThreads) {
        this.connector = connector;
        this.governor = governor;
        this.agentThreads = agentThreads;
    }

    Mono<ClientHttpResponse> connect(HttpMethod method, URI uri, Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
        return Mono.defer(() -> {
            // Held, not captured: a lambda whose signature names CapturedRequest fails to link
            // (see AdapterClassLoader on classes that extend client types).
            AtomicReference<CapturedRequest> captured = new AtomicReference<>(new CapturedRequest(method, uri));
            return requestCallback.apply(captured.get())
                    .then(Mono.fromCallable(() -> captured.get().toNeutral()))
                    .onErrorResume(captureFailure -> {
                        FailureLog.once("WebClient request capture", captureFailure);
                        return Mono.empty();
                    })
                    .flatMap(request -> governed(request).switchIfEmpty(Mono.defer(
                            () -> connector.connect(method, uri, replay -> ConnectorTransport.write(request, replay)))))
                    .switchIfEmpty(Mono.defer(() -> connector.connect(method, uri, requestCallback)));
        });
    }

    /** Empty when the runtime failed before sending anything: the app's captured request is then sent as it is. */
    private Mono<ClientHttpResponse> governed(LlmRequest request) {
        return Mono.fromCallable(() -> run(request))
                .subscribeOn(agentThreads)
                .onErrorMap(TransportFailure::unwrapped);
    }

    private ClientHttpResponse run(LlmRequest request) throws IOException {
        LlmResponse answer;
        try {
            answer = governor.execute(request, new ConnectorTransport(connector, request));
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
}
