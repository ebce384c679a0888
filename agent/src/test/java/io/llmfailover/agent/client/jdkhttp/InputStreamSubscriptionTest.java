package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.WholeBodyStream;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InputStreamSubscriptionTest {

    /** Runs the pump on the calling thread, so each step of the test is deterministic. */
    private static final java.util.concurrent.Executor INLINE = Runnable::run;

    private final AtomicInteger releases = new AtomicInteger();
    private final RecordingSubscriber subscriber = new RecordingSubscriber();

    @Test
    void emitsNoMoreChunksThanWereRequested() {
        InputStreamSubscription.feed(subscriber, chunked("a", "b", "c"), releases::incrementAndGet, INLINE);

        subscriber.subscription.request(1);
        assertEquals(List.of("a"), subscriber.items);

        subscriber.subscription.request(1);
        assertEquals(List.of("a", "b"), subscriber.items);
        assertEquals(0, releases.get());
    }

    @Test
    void completesAndReleasesTheResponseOnceTheBodyEnds() {
        InputStreamSubscription.feed(subscriber, chunked("a", "b"), releases::incrementAndGet, INLINE);

        subscriber.subscription.request(Long.MAX_VALUE);

        assertEquals(List.of("a", "b"), subscriber.items);
        assertTrue(subscriber.completed);
        assertEquals(1, releases.get());
    }

    @Test
    void aSubscriberRequestingFromInsideOnNextIsFedWithoutRecursion() {
        subscriber.requestMoreOnEachItem = true;
        InputStreamSubscription.feed(subscriber, chunked("a", "b", "c"), releases::incrementAndGet, INLINE);

        subscriber.subscription.request(1);

        assertEquals(List.of("a", "b", "c"), subscriber.items);
        assertEquals(1, subscriber.maxDepth);
        assertTrue(subscriber.completed);
    }

    @Test
    void cancellingReleasesTheResponseAndStopsTheFeed() {
        InputStreamSubscription.feed(subscriber, chunked("a", "b"), releases::incrementAndGet, INLINE);

        subscriber.subscription.cancel();
        subscriber.subscription.request(5);

        assertTrue(subscriber.items.isEmpty());
        assertEquals(1, releases.get());
    }

    @Test
    void aNonPositiveRequestIsAnErrorAsTheReactiveStreamsRulesDemand() {
        InputStreamSubscription.feed(subscriber, chunked("a"), releases::incrementAndGet, INLINE);

        subscriber.subscription.request(0);

        assertInstanceOf(IllegalArgumentException.class, subscriber.error);
        assertEquals(1, releases.get());
    }

    @Test
    void aBodyAlreadyInMemoryIsOneBufferOverTheSameBytesThenTheEnd() {
        byte[] body = "{\"id\":\"chatcmpl-1\"}".getBytes(StandardCharsets.UTF_8);
        ByteBuffer[] emitted = new ByteBuffer[1];
        Flow.Subscriber<List<ByteBuffer>> keeping = new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscriber.onSubscribe(subscription);
            }

            @Override
            public void onNext(List<ByteBuffer> item) {
                emitted[0] = item.get(0).duplicate();
                subscriber.onNext(item);
            }

            @Override
            public void onError(Throwable failure) {
                subscriber.onError(failure);
            }

            @Override
            public void onComplete() {
                subscriber.onComplete();
            }
        };
        InputStreamSubscription.feed(keeping, new WholeBodyStream(body), releases::incrementAndGet, INLINE);

        subscriber.subscription.request(1);
        assertEquals(List.of("{\"id\":\"chatcmpl-1\"}"), subscriber.items);
        assertTrue(emitted[0].hasArray() && emitted[0].array() == body, "the client's bytes, not a copy");
        assertEquals(0, releases.get());

        subscriber.subscription.request(1);
        assertTrue(subscriber.completed);
        assertEquals(1, releases.get());
    }

    @Test
    void whatTheRuntimeAlreadyReadOfABodyInMemoryIsNotFedAgain() throws Exception {
        WholeBodyStream body = new WholeBodyStream("data: one".getBytes(StandardCharsets.UTF_8));
        assertEquals("data: ", new String(body.readNBytes(6), StandardCharsets.UTF_8));
        InputStreamSubscription.feed(subscriber, body, releases::incrementAndGet, INLINE);

        subscriber.subscription.request(Long.MAX_VALUE);

        assertEquals(List.of("one"), subscriber.items);
        assertTrue(subscriber.completed);
        assertEquals(1, releases.get());
    }

    /** A stream that returns one chunk per read, like a socket delivering SSE events. */
    private static InputStream chunked(String... chunks) {
        return new InputStream() {
            private int next;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (next == chunks.length) {
                    return -1;
                }
                byte[] bytes = chunks[next++].getBytes(StandardCharsets.UTF_8);
                System.arraycopy(bytes, 0, buffer, offset, bytes.length);
                return bytes.length;
            }
        };
    }

    private static final class RecordingSubscriber implements Flow.Subscriber<List<ByteBuffer>> {
        final List<String> items = new ArrayList<>();
        Flow.Subscription subscription;
        boolean completed;
        Throwable error;
        boolean requestMoreOnEachItem;
        int depth;
        int maxDepth;

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
        }

        @Override
        public void onNext(List<ByteBuffer> item) {
            depth++;
            maxDepth = Math.max(maxDepth, depth);
            item.forEach(buffer -> items.add(StandardCharsets.UTF_8.decode(buffer).toString()));
            if (requestMoreOnEachItem) {
                subscription.request(1);
            }
            depth--;
        }

        @Override
        public void onError(Throwable throwable) {
            error = throwable;
        }

        @Override
        public void onComplete() {
            completed = true;
        }
    }
}
