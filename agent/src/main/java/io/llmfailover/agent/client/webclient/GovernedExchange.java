package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.agent.lifecycle.reactive.SinkCompletion;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * One governed WebClient exchange per subscription: the caller (its class loader and current span)
 * is read on the subscribing thread, the lifecycle runs on an agent thread, never on an event loop,
 * and the app's cancellation abandons the call: the attempt in flight is cancelled, its connection
 * released, and nothing more is sent.
 */
final class GovernedExchange {

    private GovernedExchange() {}

    static Mono<ClientHttpResponse> of(WebClientCall call, Governance governance) {
        return Mono.<ClientHttpResponse>create(sink -> start(call.fresh(), governance, sink))
                .doOnDiscard(ClientHttpResponse.class, WebClientCall::release);
    }

    private static void start(WebClientCall call, Governance governance, MonoSink<ClientHttpResponse> sink) {
        Governance subscriber = governance.withCallerHere(WebClientBinding.INSTANCE, call);
        sink.onCancel(call::abandon);
        if (CallLifecycle.runAsync(WebClientBinding.INSTANCE, call, subscriber, call.agentThreads(),
                new SinkCompletion<>(call.appWait(), sink)) == null) {
            sendUngoverned(call, sink);
        }
    }

    /**
     * Every agent thread is busy: the app's own connector sends the call, once, as if the agent were
     * absent. Subscribed inside the mark, as the lifecycle's own sends are: a connector whose client
     * sends as it is subscribed to (the JDK's, Jetty's, Apache HttpClient 5's) leaves its adapter
     * nothing to govern a second time.
     */
    private static void sendUngoverned(WebClientCall call, MonoSink<ClientHttpResponse> sink) {
        Disposable sending;
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            sending = call.connector().connect(call.method(), call.uri(), call.callback())
                    .subscribe(sink::success, sink::error, sink::success);
        }
        call.onAbandon(sending::dispose);
    }
}
