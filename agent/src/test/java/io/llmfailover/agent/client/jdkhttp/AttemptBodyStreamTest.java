package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

class AttemptBodyStreamTest {

    private final RecordingSubscription subscription = new RecordingSubscription();
    private final AttemptBodyStream stream = new AttemptBodyStream();

    @Test
    void aBrokenStreamHandsOverEveryByteThatArrivedBeforeTheBreakThenTheFailure() throws IOException {
        stream.onSubscribe(subscription);
        stream.onNext(List.of(bytes("data: first\n\n")));
        stream.onNext(List.of(bytes("data: second\n\n")));
        stream.onError(new IOException("connection reset"));

        assertEquals("data: first\n\ndata: second\n\n", new String(stream.readNBytes(27), StandardCharsets.UTF_8));
        IOException broke = assertThrows(IOException.class, stream::read);
        assertEquals("connection reset", broke.getMessage());
    }

    @Test
    void onlyOneListOfBuffersIsAskedForAheadOfTheReader() throws IOException {
        stream.onSubscribe(subscription);
        assertEquals(1, subscription.requested);

        stream.onNext(List.of(bytes("ab"), bytes("c")));
        stream.onComplete();

        assertEquals("abc", new String(stream.readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(2, subscription.requested);
        assertEquals(-1, stream.read());
    }

    @Test
    void closingCancelsTheExchangeAndWakesAWaitingReader() {
        stream.onSubscribe(subscription);

        stream.close();

        assertTrue(subscription.cancelled);
        assertThrows(IOException.class, stream::read);
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private static final class RecordingSubscription implements Flow.Subscription {
        long requested;
        boolean cancelled;

        @Override
        public void request(long n) {
            requested += n;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }
}
