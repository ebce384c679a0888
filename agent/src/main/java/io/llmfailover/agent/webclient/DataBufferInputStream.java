package io.llmfailover.agent.webclient;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * Feeds a reactive response body into an {@link ArrivingBody}, one buffer of demand at a time:
 * each buffer is copied and released as it arrives, so no pooled memory outlives a read.
 */
final class DataBufferInputStream implements Subscriber<DataBuffer>, ArrivingBody.Source {

    private final ArrivingBody body = new ArrivingBody();
    private volatile Subscription subscription;

    /** Subscribes at once, asking for the first buffer. */
    static ArrivingBody of(Publisher<DataBuffer> content) {
        DataBufferInputStream stream = new DataBufferInputStream();
        content.subscribe(stream);
        return stream.body;
    }

    private DataBufferInputStream() {}

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        body.attach(this);
    }

    @Override
    public void onNext(DataBuffer buffer) {
        byte[] bytes = new byte[buffer.readableByteCount()];
        buffer.read(bytes);
        DataBufferUtils.release(buffer);
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
