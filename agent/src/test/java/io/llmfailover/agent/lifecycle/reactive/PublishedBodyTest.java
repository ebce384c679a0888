package io.llmfailover.agent.lifecycle.reactive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

class PublishedBodyTest {

    @Test
    void oneBufferOfDemandAtATimeAsTheReaderTakesThem() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.of(publisher, PublishedBodyTest::bytes);

        publisher.emit("Hel", "lo");
        byte[] read = body.readAllBytes();

        assertArrayEquals("Hello".getBytes(StandardCharsets.UTF_8), read);
        assertEquals(List.of(1L, 1L, 1L), publisher.requests);
    }

    /** Jetty's reactive client may break the stream when demand comes from the reader's thread: it gets all of it, once. */
    @Test
    void askingForAllRequestsEverythingOnSubscribingAndNothingFromTheReader() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.askingForAll(publisher, PublishedBodyTest::bytes);

        publisher.emit("Hel", "lo");
        byte[] read = body.readAllBytes();

        assertArrayEquals("Hello".getBytes(StandardCharsets.UTF_8), read);
        assertEquals(List.of(Long.MAX_VALUE), publisher.requests);
    }

    @Test
    void noMoreDemandThanOneBufferBeforeTheReaderReads() {
        RecordingPublisher publisher = new RecordingPublisher();
        PublishedBody.of(publisher, PublishedBodyTest::bytes);

        publisher.next("Hel");
        publisher.next("lo");

        assertEquals(List.of(1L), publisher.requests);
    }

    @Test
    void anEmptyBodyEndsAtOnce() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.of(publisher, PublishedBodyTest::bytes);

        publisher.emit();

        assertEquals(-1, body.read());
    }

    @Test
    void aFailureMidStreamReachesTheReaderAfterWhatArrivedBeforeIt() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.of(publisher, PublishedBodyTest::bytes);
        ConnectException reset = new ConnectException("Connection reset by peer");

        publisher.next("Hel");
        publisher.subscriber.onError(reset);

        assertEquals('H', body.read());
        assertEquals(2, body.readNBytes(new byte[8], 0, 2));
        assertSame(reset, assertThrows(IOException.class, body::read));
        assertEquals(-1, body.read(), "nothing after the failure");
    }

    @Test
    void aFailureThatIsNoIoExceptionReachesTheReaderAsOne() {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.of(publisher, PublishedBodyTest::bytes);
        IllegalStateException broken = new IllegalStateException("connection closed");

        publisher.subscriber.onError(broken);

        assertSame(broken, assertThrows(IOException.class, body::read).getCause());
    }

    @Test
    void closingTheBodyCancelsTheSubscription() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        InputStream body = PublishedBody.of(publisher, PublishedBodyTest::bytes);

        publisher.next("Hel");
        body.close();

        assertTrue(publisher.cancelled);
        assertEquals(-1, body.read(), "a closed body reads as ended");
    }

    @Test
    void aBodyClosedBeforeTheClientSubscribedIsCancelledWithoutDemand() throws IOException {
        RecordingPublisher publisher = new RecordingPublisher();
        PublishedBody.of(subscriber -> publisher.late = subscriber, PublishedBodyTest::bytes).close();

        publisher.subscribe(publisher.late);

        assertTrue(publisher.cancelled);
        assertEquals(List.of(), publisher.requests);
    }

    private static byte[] bytes(String chunk) {
        return chunk.getBytes(StandardCharsets.UTF_8);
    }

    /** Emits what it is told to, whatever the demand, and notes every request made of it and its cancel. */
    private static final class RecordingPublisher implements Publisher<String> {
        final List<Long> requests = new ArrayList<>();
        volatile boolean cancelled;
        Subscriber<? super String> subscriber;
        Subscriber<? super String> late;

        @Override
        public void subscribe(Subscriber<? super String> s) {
            subscriber = s;
            s.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    synchronized (requests) {
                        requests.add(n);
                    }
                }

                @Override
                public void cancel() {
                    cancelled = true;
                }
            });
        }

        void next(String chunk) {
            subscriber.onNext(chunk);
        }

        void emit(String... chunks) {
            for (String chunk : chunks) {
                next(chunk);
            }
            subscriber.onComplete();
        }
    }
}
