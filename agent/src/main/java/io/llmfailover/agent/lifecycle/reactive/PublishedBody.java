package io.llmfailover.agent.lifecycle.reactive;

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
 * <p>A client whose publisher cannot take demand from a thread other than its own gets all of it
 * at once instead ({@link #askingForAll}): Jetty's reactive client (up to 4.0.14 and 4.1.5, its
 * issue 999) may start a second read of the connection when {@code request} comes from the reading
 * thread between two chunks, and the stream then breaks off with a {@code ReadPendingException}.
 * Its body is then queued as fast as it arrives, which for an answer is as fast as it is written.
 *
 * @param <B> the client's buffer type
 */
public final class PublishedBody<B> implements Subscriber<B>, ArrivingBody.Source {

    private final ArrivingBody body = new ArrivingBody();
    private final Function<? super B, byte[]> copy;
    private final boolean askingForAll;
    private volatile Subscription subscription;
    private boolean askedForAll;

    private PublishedBody(Function<? super B, byte[]> copy, boolean askingForAll) {
        this.copy = copy;
        this.askingForAll = askingForAll;
    }

    /** Subscribes at once, asking for the first buffer. */
    public static <B> ArrivingBody of(Publisher<B> content, Function<? super B, byte[]> copy) {
        return subscribed(content, new PublishedBody<>(copy, false));
    }

    /** Subscribes at once, asking for every buffer there will be: for a publisher that takes demand on its own thread only. */
    public static <B> ArrivingBody askingForAll(Publisher<B> content, Function<? super B, byte[]> copy) {
        return subscribed(content, new PublishedBody<>(copy, true));
    }

    private static <B> ArrivingBody subscribed(Publisher<B> content, PublishedBody<B> subscriber) {
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

    /** One more buffer; or, asking for all, everything the first time (from {@code onSubscribe}) and nothing after. */
    @Override
    public void requestOne() {
        if (!askingForAll) {
            subscription.request(1);
        } else if (!askedForAll) {
            askedForAll = true;
            subscription.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void cancel() {
        subscription.cancel();
    }
}
