package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.http.FirstByteTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The first-byte deadline of blocking attempts. The attempts here block on latches the test
 * controls, never on the clock; only the deadline itself is real, and short.
 */
class HeadDeadlineTest {

    private static final Duration DEADLINE = Duration.ofMillis(50);

    @Test
    void withoutADeadlineTheAttemptRunsOnTheCallersThread() throws IOException {
        Thread caller = Thread.currentThread();

        Thread ran = HeadDeadline.await(null, Thread::currentThread, () -> {}, late -> {});

        assertSame(caller, ran);
    }

    @Test
    void aHeadWithinTheDeadlineIsReturned() throws IOException {
        assertEquals("head", HeadDeadline.await(DEADLINE, () -> "head", () -> {}, late -> {}));
    }

    @Test
    void theAttemptsOwnFailureReachesTheCallerAsItIs() {
        ConnectException refused = new ConnectException("Connection refused");

        IOException thrown = assertThrows(IOException.class,
                () -> HeadDeadline.await(DEADLINE, () -> { throw refused; }, () -> {}, late -> {}));

        assertSame(refused, thrown);
    }

    @Test
    void noHeadWithinTheDeadlineAbortsTheAttemptAndReleasesAHeadThatArrivesLate() throws Exception {
        CountDownLatch aborted = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        AtomicReference<String> releasedHead = new AtomicReference<>();

        assertThrows(FirstByteTimeoutException.class, () -> HeadDeadline.await(DEADLINE,
                () -> {
                    awaitUninterrupted(aborted);
                    return "late head";
                },
                aborted::countDown,
                late -> {
                    releasedHead.set(late);
                    released.countDown();
                }));

        assertTrue(released.await(10, TimeUnit.SECONDS), "the late head was never released");
        assertEquals("late head", releasedHead.get());
    }

    private static void awaitUninterrupted(CountDownLatch latch) throws IOException {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
