package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.agent.lifecycle.reactive.SinkCompletion;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.netty.ByteBufFlux;
import reactor.netty.ByteBufMono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClientResponse;

/**
 * A governed terminal operation, one call per subscription: the caller (its class loader and
 * current span) is read on the subscribing thread, the lifecycle runs on an agent thread, never on
 * an event loop, and the app's function is then given the chosen response, as the operation would
 * have given it. The app's cancellation abandons the call: the attempt in flight is cancelled, its
 * connection released, and nothing more is sent. Each attempt runs in the context the app subscribed with.
 */
final class GovernedReceive {

    private GovernedReceive() {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    /** @param ungoverned the app's exchange as it made it (without the agent's own headers), for a call that proceeds */
    static Object of(ReceiverOperation operation, ReactorNettyCall call, Governance governance, Object function,
            Supplier<Object> ungoverned) {
        Mono<Chosen> chosen = Mono.<Chosen>create(sink -> start(call.fresh(), governance, sink))
                .doOnDiscard(Chosen.class, Chosen::finish);
        return switch (operation) {
            case RESPONSE -> chosen.flatMap(c -> c.proceeds() ? (Mono) ungoverned.get() : Mono.just(c.headOnly()));
            case RESPONSE_WITH_BODY -> {
                BiFunction<HttpClientResponse, ByteBufFlux, Publisher<?>> app = (BiFunction) function;
                yield chosen.flatMapMany(c -> c.proceeds() ? (Flux) ungoverned.get()
                        : Flux.from(app.apply(c.response(), c.body())).doFinally(signal -> c.finish()));
            }
            case RESPONSE_SINGLE -> {
                BiFunction<HttpClientResponse, ByteBufMono, Mono<?>> app = (BiFunction) function;
                yield chosen.flatMap(c -> c.proceeds() ? (Mono) ungoverned.get()
                        : app.apply(c.response(), c.body().aggregate()).doFinally(signal -> c.finish()));
            }
            case RESPONSE_CONNECTION -> {
                BiFunction<HttpClientResponse, Connection, Publisher<?>> app = (BiFunction) function;
                yield chosen.flatMapMany(c -> c.proceeds() ? (Flux) ungoverned.get() : Flux.from(app.apply(c.response(), c.connection())));
            }
            case RESPONSE_CONTENT -> ByteBufFlux.fromInbound(chosen.flatMapMany(c -> c.proceeds() ? (Flux) ungoverned.get()
                    : c.body().doFinally(signal -> c.finish())));
        };
    }

    private static void start(ReactorNettyCall call, Governance governance, MonoSink<Chosen> sink) {
        Governance subscriber = governance.withCallerHere(ReactorNettyBinding.INSTANCE, call);
        call.subscribedWith(sink.contextView());
        sink.onCancel(call.appWait()::abandon);
        if (CallLifecycle.runAsync(ReactorNettyBinding.INSTANCE, call, subscriber, call.agentThreads(),
                new SinkCompletion<>(call.appWait(), sink)) == null) {
            sink.success(Chosen.PROCEED); // every agent thread is busy: the app's own publisher, as if the agent were absent
        }
    }
}
