package io.llmfailover.agent.client.jdkhttp;

import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The body handler of an attempt whose success is the call's answer: a 2xx body goes to the app's
 * own handler as the client reads it, as without the agent, its buffers kept (not copied) for the
 * runtime to read once the client is done; any other answer is read whole for the runtime to judge.
 * Used only with the JDK's own whole-body handlers, which are stateless: one applied again after a
 * failure mid-body, for the answer of another provider, starts afresh.
 */
final class SuccessToApp implements BodyHandler<Object> {

    private final BodyHandler<?> appHandler;
    private volatile Tee<?> delivered;

    SuccessToApp(BodyHandler<?> appHandler) {
        this.appHandler = appHandler;
    }

    @Override
    @SuppressWarnings("unchecked")
    public BodySubscriber<Object> apply(ResponseInfo head) {
        if (head.statusCode() / 100 != 2) {
            return (BodySubscriber<Object>) (BodySubscriber<?>) BodySubscribers.ofByteArray();
        }
        Tee<?> tee = new Tee<>(appHandler.apply(head));
        delivered = tee;
        return (BodySubscriber<Object>) tee;
    }

    /** The bytes the app's handler was given, in order; null when the answer was not a success. */
    byte[] deliveredBody() {
        Tee<?> tee = delivered;
        return tee == null ? null : tee.bytes();
    }

    /** The app's subscriber, with every buffer it is handed kept. */
    private static final class Tee<T> implements BodySubscriber<T> {
        private final BodySubscriber<T> app;
        private final List<ByteBuffer> kept = new ArrayList<>();

        Tee(BodySubscriber<T> app) {
            this.app = app;
        }

        @Override
        public CompletionStage<T> getBody() {
            return app.getBody();
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            app.onSubscribe(subscription);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                kept.add(buffer.duplicate()); // the client no longer uses a buffer it handed over
            }
            app.onNext(buffers);
        }

        @Override
        public void onError(Throwable failure) {
            app.onError(failure);
        }

        @Override
        public void onComplete() {
            app.onComplete();
        }

        /** Read on the caller's thread once the client's {@code send} returned: the body is complete by then. */
        byte[] bytes() {
            int size = 0;
            for (ByteBuffer buffer : kept) {
                size += buffer.remaining();
            }
            byte[] bytes = new byte[size];
            int at = 0;
            for (ByteBuffer buffer : kept) {
                int length = buffer.remaining();
                buffer.get(bytes, at, length);
                at += length;
            }
            return bytes;
        }
    }
}
