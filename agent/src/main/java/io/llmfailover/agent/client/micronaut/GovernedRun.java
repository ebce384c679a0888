package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.micronaut.http.HttpResponse;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * A governed call as the publisher the agent's filter returns. Once subscribed, it leaves the
 * subscribing thread (the app's, or an event loop) at once: the lifecycle runs on an agent thread,
 * each attempt a {@code proceed} of the chain below, and the app's response or failure is handed
 * back from there. Cancelling the subscription cancels the attempt in flight.
 */
final class GovernedRun {

    private GovernedRun() {}

    /** @param ungoverned the chain's own publisher, sent instead when every agent thread is busy */
    static Mono<HttpResponse<?>> of(MicronautCall call, Supplier<Publisher<? extends HttpResponse<?>>> ungoverned) {
        return Mono.create(sink -> {
            sink.onCancel(call::abandon);
            if (CallLifecycle.runAsync(MicronautBinding.INSTANCE, call, call.governance(), AgentThreads.shared(),
                    new OutcomeToSink(sink)) == null) {
                Disposable sending = Mono.from(ungoverned.get()).subscribe(sink::success, sink::error, sink::success);
                call.onAbandon(sending::dispose);
            }
        });
    }

    private record OutcomeToSink(MonoSink<HttpResponse<?>> sink) implements CallCompletion<AppOutcome> {

        @Override
        public void answered(AppOutcome outcome) {
            outcome.deliverTo(sink);
        }

        @Override
        public void failed(Throwable failure) {
            sink.error(failure);
        }
    }
}
