package io.llmfailover.agent.reactive;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Feeds a reactive response body into an {@link ArrivingBody}, one buffer of demand at a time. Each
 * buffer is copied out as it arrives, by the client's own copy (which also releases pooled memory
 * where the client expects it), so nothing the client owns outlives a read.
 *
 * @param <B> the client's buffer type
 */
public final class PublishedBody<B> implements Subscriber<B>, ArrivingBody.Source {

    private final ArrivingBody body = new ArrivingBody();
    private final Function<? super B, byte[]> copy;
    private volatile Subscription subscription;

    private PublishedBody(Function<? super B, byte[]> copy) {
        this.copy = copy;
    }

    /** Subscribes at once, asking for the first buffer. */
    public static <B> ArrivingBody of(Publisher<B> content, Function<? super B, byte[]> copy) {
        PublishedBody<B> subscriber = new PublishedBody<>(copy);
        content.subscribe(subscriber);
        return subscriber.body;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        body.attach(this);
    }

    @Override
    public void onNext(B buffer) {
        body.arrived(copy.apply(buffer));
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
