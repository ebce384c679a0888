package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.RequestWritten;
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

class HeadWaitTest {

    /** Already over on the hand-off's count: only a deadline from the write leaves the head its time. */
    private static final Duration SPENT = Duration.ofNanos(1);

    private final ManualClock clock = new ManualClock();
    private final RequestWritten written = new RequestWritten(clock);

    @Test
    void theDeadlineDoesNotStartWhileTheClientSetsItselfUpBeforeWriting() throws Exception {
        CompletableFuture<String> head = new CompletableFuture<>();
        Waiter<String> waiter = Waiter.start(() -> HeadWait.await(head, SPENT, written, new AppWait(), h -> {}));

        waiter.awaitParked(); // past the hand-off's deadline, waiting for the write
        head.complete("head");

        assertEquals("head", waiter.result());
    }

    @Test
    void onceWrittenTheHeadHasTheDeadlineFromTheWrite() {
        CompletableFuture<String> head = new CompletableFuture<>();
        written.report();
        clock.advance(Duration.ofMillis(1));

        assertThrows(FirstByteTimeoutException.class, () -> HeadWait.await(head, SPENT, written, new AppWait(), h -> {}));
        assertTrue(head.isCancelled(), "the attempt that missed its deadline is abandoned");
    }

    @Test
    void aRequestNeverWrittenEndsWithTheClientsFailureToConnect() throws Exception {
        CompletableFuture<String> head = new CompletableFuture<>();
        Waiter<String> waiter = Waiter.start(() -> HeadWait.await(head, SPENT, written, new AppWait(), h -> {}));

        waiter.awaitParked();
        head.completeExceptionally(new ConnectException("connection timed out"));

        ExecutionException failed = assertThrows(ExecutionException.class, waiter::result);
        assertTrue(failed.getCause() instanceof ConnectException, "the client's connect failure, not the agent's deadline");
    }

    @Test
    void aTransportThatReportsNoWriteKeepsTheDeadlineFromTheHandOff() {
        CompletableFuture<String> head = new CompletableFuture<>();

        assertThrows(FirstByteTimeoutException.class, () -> HeadWait.await(head, SPENT, new AppWait(), h -> {}));
    }

    /** A call of {@link HeadWait#await} on a thread of its own. */
    private record Waiter<T>(Thread thread, Future<T> outcome) {

        interface Wait<T> {
            T call() throws Exception;
        }

        static <T> Waiter<T> start(Wait<T> wait) {
            FutureTask<T> task = new FutureTask<>(wait::call);
            Thread thread = new Thread(task, "head-wait-test");
            thread.setDaemon(true);
            thread.start();
            return new Waiter<>(thread, task);
        }

        void awaitParked() {
            for (int i = 0; i < 10_000 && thread.getState() != Thread.State.WAITING
                    && thread.getState() != Thread.State.TERMINATED; i++) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
            assertEquals(Thread.State.WAITING, thread.getState(), "the wait for the head blocks, without a deadline");
        }

        T result() throws Exception {
            return outcome.get(10, TimeUnit.SECONDS);
        }
    }
}
