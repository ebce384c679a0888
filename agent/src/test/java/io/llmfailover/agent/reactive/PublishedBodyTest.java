package io.llmfailover.agent.reactive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
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

    private static byte[] bytes(String chunk) {
        return chunk.getBytes(StandardCharsets.UTF_8);
    }

    /** Emits what it is told to, whatever the demand, and notes every request made of it. */
    private static final class RecordingPublisher implements Publisher<String> {
        final List<Long> requests = new ArrayList<>();
        private Subscriber<? super String> subscriber;

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
                public void cancel() {}
            });
        }

        void emit(String... chunks) {
            for (String chunk : chunks) {
                subscriber.onNext(chunk);
            }
            subscriber.onComplete();
        }
    }
}
