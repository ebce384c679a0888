package io.llmfailover.agent.lifecycle.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** An answer's body published as the subscriber asks for it; read here on the caller's thread (a direct executor). */
class StreamedBodyTest {

    @Test
    void readsOnlyAsManyChunksAsTheSubscriberAskedFor() {
        Answer answer = new Answer("one", "two", "three");
        Recorder app = new Recorder();
        StreamedBody.of(answer, Runnable::run, StreamedBodyTest::text).publisher().subscribe(app);

        app.subscription.request(2);

        assertEquals(List.of("one", "two"), app.chunks);
        assertEquals(2, answer.reads);
        assertTrue(!app.completed && !answer.closed);
    }

    @Test
    void theEndClosesTheAnswerAndCompletesTheBody() throws Exception {
        Answer answer = new Answer("one", "two");
        Recorder app = new Recorder();
        StreamedBody<String> body = StreamedBody.of(answer, Runnable::run, StreamedBodyTest::text);
        body.publisher().subscribe(app);

        app.subscription.request(Long.MAX_VALUE);

        assertEquals(List.of("one", "two"), app.chunks);
        assertTrue(app.completed);
        assertTrue(answer.closed);
        assertNull(body.ended().get());
    }

    @Test
    void cancellingClosesTheAnswerAndEndsTheBodyCancelled() {
        Answer answer = new Answer("one", "two");
        Recorder app = new Recorder();
        StreamedBody<String> body = StreamedBody.of(answer, Runnable::run, StreamedBodyTest::text);
        body.publisher().subscribe(app);

        app.subscription.request(1);
        app.subscription.cancel();

        assertTrue(answer.closed);
        assertInstanceOf(CancellationException.class, failureOf(body));
        assertTrue(!app.completed && app.failure == null);
    }

    @Test
    void aReadThatFailsEndsTheBodyWithThatFailureAndClosesTheAnswer() {
        IOException reset = new IOException("connection reset");
        Answer answer = new Answer("one").failingWith(reset);
        Recorder app = new Recorder();
        StreamedBody<String> body = StreamedBody.of(answer, Runnable::run, StreamedBodyTest::text);
        body.publisher().subscribe(app);

        app.subscription.request(5);

        assertEquals(List.of("one"), app.chunks);
        assertSame(reset, app.failure);
        assertSame(reset, failureOf(body));
        assertTrue(answer.closed);
    }

    @Test
    void aSecondSubscriberIsRefused() {
        StreamedBody<String> body = StreamedBody.of(new Answer("one"), Runnable::run, StreamedBodyTest::text);
        body.publisher().subscribe(new Recorder());
        Recorder second = new Recorder();

        body.publisher().subscribe(second);

        assertInstanceOf(IllegalStateException.class, second.failure);
    }

    private static String text(byte[] chunk) {
        return new String(chunk, StandardCharsets.UTF_8);
    }

    private static Throwable failureOf(StreamedBody<?> body) {
        try {
            body.ended().get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (CancellationException | InterruptedException e) {
            return e;
        }
    }

    /** An answer whose body gives one chunk a read, then its failure or its end, and knows whether it was closed. */
    private static final class Answer implements LlmResponse {
        private final Deque<String> chunks;
        private IOException failure;
        int reads;
        boolean closed;

        Answer(String... chunks) {
            this.chunks = new ArrayDeque<>(List.of(chunks));
        }

        Answer failingWith(IOException failure) {
            this.failure = failure;
            return this;
        }

        @Override
        public int status() {
            return 200;
        }

        @Override
        public HttpHeaders headers() {
            return HttpHeaders.EMPTY;
        }

        @Override
        public InputStream body() {
            return new InputStream() {
                @Override
                public int read() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    reads++;
                    if (chunks.isEmpty()) {
                        if (failure != null) {
                            throw failure;
                        }
                        return -1;
                    }
                    byte[] chunk = chunks.poll().getBytes(StandardCharsets.UTF_8);
                    System.arraycopy(chunk, 0, buffer, offset, chunk.length);
                    return chunk.length;
                }
            };
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static final class Recorder implements Subscriber<String> {
        final List<String> chunks = new ArrayList<>();
        Subscription subscription;
        Throwable failure;
        boolean completed;

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
        }

        @Override
        public void onNext(String chunk) {
            chunks.add(chunk);
        }

        @Override
        public void onError(Throwable t) {
            failure = t;
        }

        @Override
        public void onComplete() {
            completed = true;
        }
    }
}
