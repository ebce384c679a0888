package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.RequestWritten;
import io.llmfailover.runtime.time.ManualClock;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class HeadDeadlineWaitTest {

    /** Already over on the hand-off's count: only a deadline from the write leaves the head its time. */
    private static final Duration SPENT = Duration.ofNanos(1);

    /** A deadline the hand-off's count passes while the test waits, in real time. */
    private static final Duration REAL_DEADLINE = Duration.ofMillis(400);
    private static final Duration SHORT_REAL_DEADLINE = Duration.ofMillis(50);

    private final ManualClock clock = new ManualClock();
    private final RequestWritten written = new RequestWritten(clock);

    /**
     * Past the hand-off's deadline, not yet written: the head still has its time. (Real time here,
     * since the wait is the JVM's own timed wait; the margins are hundreds of milliseconds.)
     */
    @Test
    void theDeadlineDoesNotStartWhileTheClientSetsItselfUpBeforeWriting() throws Exception {
        RequestWritten written = RequestWritten.bySystemClock();
        CompletableFuture<String> head = new CompletableFuture<>();
        Waiter<String> waiter = Waiter.start(() -> HeadDeadlineWait.await(head, REAL_DEADLINE, written, new AppWait(), h -> {}));

        LockSupport.parkNanos(REAL_DEADLINE.toNanos() * 3 / 2); // past the hand-off's deadline, within twice it
        written.report();
        head.complete("head");

        assertEquals("head", waiter.result());
    }

    @Test
    void onceWrittenTheHeadHasTheDeadlineFromTheWrite() {
        CompletableFuture<String> head = new CompletableFuture<>();
        written.report();
        clock.advance(Duration.ofMillis(1));

        assertThrows(HeadDeadlineException.class, () -> HeadDeadlineWait.await(head, SPENT, written, new AppWait(), h -> {}));
        assertTrue(head.isCancelled(), "the attempt that missed its deadline is abandoned");
    }

    @Test
    void aRequestNotYetWrittenEndsWithTheClientsFailureToConnect() throws Exception {
        RequestWritten written = RequestWritten.bySystemClock();
        CompletableFuture<String> head = new CompletableFuture<>();
        Waiter<String> waiter = Waiter.start(() -> HeadDeadlineWait.await(head, REAL_DEADLINE, written, new AppWait(), h -> {}));

        LockSupport.parkNanos(REAL_DEADLINE.toNanos() * 3 / 2);
        head.completeExceptionally(new ConnectException("connection refused"));

        ExecutionException failed = assertThrows(ExecutionException.class, waiter::result);
        assertTrue(failed.getCause() instanceof ConnectException, "the client's connect failure, not the agent's deadline");
    }

    /** A provider that takes no connection (a dropped SYN) is left at twice the deadline, not at the client's connect timeout. */
    @Test
    void aRequestNeverWrittenIsLeftAtTwiceTheDeadline() {
        RequestWritten written = RequestWritten.bySystemClock();
        CompletableFuture<String> head = new CompletableFuture<>();
        long start = System.nanoTime();

        assertThrows(HeadDeadlineException.class, () -> HeadDeadlineWait.await(head, SHORT_REAL_DEADLINE, written, new AppWait(), h -> {}));
        assertTrue(System.nanoTime() - start >= 2 * SHORT_REAL_DEADLINE.toNanos(), "the request had as long again to be written");
        assertTrue(head.isCancelled(), "the attempt is abandoned");
    }

    @Test
    void aTransportThatReportsNoWriteKeepsTheDeadlineFromTheHandOff() {
        CompletableFuture<String> head = new CompletableFuture<>();

        assertThrows(HeadDeadlineException.class, () -> HeadDeadlineWait.await(head, SPENT, new AppWait(), h -> {}));
    }

    /** A call of {@link HeadDeadlineWait#await} on a thread of its own. */
    private record Waiter<T>(Future<T> outcome) {

        interface Wait<T> {
            T call() throws Exception;
        }

        static <T> Waiter<T> start(Wait<T> wait) {
            FutureTask<T> task = new FutureTask<>(wait::call);
            Thread thread = new Thread(task, "head-wait-test");
            thread.setDaemon(true);
            thread.start();
            return new Waiter<>(task);
        }

        T result() throws Exception {
            return outcome.get(10, TimeUnit.SECONDS);
        }
    }
}
