package io.llmfailover.agent.reactornetty;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.netty.buffer.ByteBuf;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Feeds a connection's inbound into an {@link ArrivingBody}, one buffer of demand at a time, each
 * copied as it arrives (Reactor Netty releases it once this returns).
 */
final class ByteBufArrivals implements Subscriber<ByteBuf>, ArrivingBody.Source {

    private final ArrivingBody body = new ArrivingBody();
    private volatile Subscription subscription;

    static ArrivingBody of(Publisher<ByteBuf> inbound) {
        ByteBufArrivals arrivals = new ByteBufArrivals();
        inbound.subscribe(arrivals);
        return arrivals.body;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        body.attach(this);
    }

    @Override
    public void onNext(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        body.arrived(bytes);
    }

    @Override
    public void onError(Throwable failure) {
        body.failed(failure);
    }

    @Override
    public void onComplete() {
        body.ended();
    }

    @Override
    public void requestOne() {
        subscription.request(1);
    }

    @Override
    public void cancel() {
        subscription.cancel();
    }
}
