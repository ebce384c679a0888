package io.llmfailover.agent.client.reactornetty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.NettyOutbound;

/**
 * The outbound the app's body function writes to when the agent reads its request: each part it
 * sends is recorded when the function's publisher is subscribed, in order, instead of going to a
 * channel. Lambdas here capture locals only: see
 * {@link io.llmfailover.agent.bootstrap.AdapterClassLoader} on classes that implement client types.
 */
final class RecordingOutbound implements NettyOutbound {

    private final BodyRecording recording;
    private final List<Publisher<?>> parts = new CopyOnWriteArrayList<>();

    RecordingOutbound(BodyRecording recording) {
        this.recording = recording;
    }

    @Override
    public ByteBufAllocator alloc() {
        return UnpooledByteBufAllocator.DEFAULT;
    }

    @Override
    public NettyOutbound send(Publisher<? extends ByteBuf> dataStream, Predicate<ByteBuf> predicate) {
        parts.add(dataStream);
        return this;
    }

    @Override
    public NettyOutbound sendObject(Publisher<?> dataStream, Predicate<Object> predicate) {
        parts.add(dataStream);
        return this;
    }

    @Override
    public NettyOutbound sendObject(Object message) {
        parts.add(Mono.just(message));
        return this;
    }

    @Override
    public <S> NettyOutbound sendUsing(Callable<? extends S> sourceInput,
            BiFunction<? super Connection, ? super S, ?> mappedInput, Consumer<? super S> sourceCleanup) {
        recording.unsupported("it sends through sendUsing");
        return this;
    }

    @Override
    public NettyOutbound withConnection(Consumer<? super Connection> withConnection) {
        recording.unsupported("it needs the connection");
        return this;
    }

    /** Records every part sent so far, in order. */
    @Override
    public void subscribe(Subscriber<? super Void> done) {
        BodyRecording into = recording;
        Flux.concat(List.copyOf(parts)).doOnNext(into::record).then().subscribe(done);
    }
}
