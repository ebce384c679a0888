package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import io.llmfailover.runtime.time.TaskCap;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The first-byte deadline of blocking attempts. The attempts here block on latches the test
 * controls, never on the clock: an attempt that completes is given a deadline it cannot reach, and
 * the one that must miss its deadline waits until it is aborted.
 */
class HeadDeadlineTest {

    /** Never reached by an attempt that completes: those tests do not depend on the machine's speed. */
    private static final Duration GENEROUS = Duration.ofMinutes(1);
    /** Always reached by an attempt that waits for its own abort. */
    private static final Duration SHORT = Duration.ofMillis(50);

    @Test
    void withoutADeadlineTheAttemptRunsOnTheCallersThread() throws IOException {
        Thread caller = Thread.currentThread();

        Thread ran = HeadDeadline.await(null, Thread::currentThread, () -> {}, late -> {});

        assertSame(caller, ran);
    }

    @Test
    void aHeadWithinTheDeadlineIsReturned() throws IOException {
        assertEquals("head", HeadDeadline.await(GENEROUS, () -> "head", () -> {}, late -> {}));
    }

    @Test
    void theAttemptsOwnFailureReachesTheCallerAsItIs() {
        ConnectException refused = new ConnectException("Connection refused");

        IOException thrown = assertThrows(IOException.class,
                () -> HeadDeadline.await(GENEROUS, () -> { throw refused; }, () -> {}, late -> {}));

        assertSame(refused, thrown);
    }

    @Test
    void noHeadWithinTheDeadlineAbortsTheAttemptAndReleasesAHeadThatArrivesLate() throws Exception {
        CountDownLatch aborted = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        AtomicReference<String> releasedHead = new AtomicReference<>();

        assertThrows(HeadDeadlineException.class, () -> HeadDeadline.await(SHORT,
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

    @Test
    void anAttemptHoppedToAnAgentThreadIsMarkedAsTheCallersAttemptSoAdaptersUnderItLeaveItAlone() throws IOException {
        boolean markedThere;
        try (AttemptGuard.Scope attempt = AttemptGuard.enter()) {
            markedThere = HeadDeadline.await(GENEROUS, AttemptGuard::active, () -> {}, late -> {});
        }

        assertTrue(markedThere);
        assertFalse(HeadDeadline.await(GENEROUS, AttemptGuard::active, () -> {}, late -> {}));
    }

    @Test
    void onExpiryTheAttemptIsInterruptedAndALateHeadAbortedNeverClosed() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        CountDownLatch lateHeadSent = new CountDownLatch(1);
        LateHead late = new LateHead();

        assertThrows(HeadDeadlineException.class, () -> HeadDeadline.await(SHORT, () -> {
            try {
                new CountDownLatch(1).await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            lateHeadSent.countDown();
            return late;
        }, () -> {}));

        assertTrue(interrupted.await(10, TimeUnit.SECONDS), "the attempt's thread was not interrupted");
        assertTrue(late.aborted.await(10, TimeUnit.SECONDS), "the late head was not aborted");
        assertFalse(late.closed, "closing a late head may drain it");
    }

    @Test
    void anInterruptedCallerAbandonsTheCallAndKeepsItsInterrupt() throws Exception {
        CountDownLatch aborted = new CountDownLatch(1);
        Thread.currentThread().interrupt();

        assertThrows(CallAbandonedException.class, () -> HeadDeadline.await(GENEROUS,
                () -> {
                    awaitUninterrupted(aborted);
                    return "never";
                }, aborted::countDown, late -> {}));

        assertTrue(Thread.interrupted());
        assertTrue(aborted.await(10, TimeUnit.SECONDS));
    }

    @Test
    void withEverySlotTakenTheAttemptRunsOnTheCallersThreadAndTheTimerEndsItAtTheDeadline() throws Exception {
        ManualScheduler timer = new ManualScheduler(new ManualClock());
        AtomicReference<Thread> sentOn = new AtomicReference<>();
        CountDownLatch aborted = new CountDownLatch(1);
        long before = TaskCap.count(TaskCap.Fallback.HEAD_ON_CALLER_THREAD);

        assertThrows(HeadDeadlineException.class, () -> HeadDeadline.await(everySlotTaken(), timer, GENEROUS, () -> {
            sentOn.set(Thread.currentThread());
            timer.advance(GENEROUS); // the provider never answers: the deadline passes
            if (aborted.getCount() > 0) {
                throw new AssertionError("the deadline did not abort the attempt");
            }
            throw new SocketException("Socket closed");
        }, aborted::countDown, late -> {}));

        assertSame(Thread.currentThread(), sentOn.get());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.HEAD_ON_CALLER_THREAD));
    }

    @Test
    void withEverySlotTakenAHeadBeforeTheDeadlineIsReturnedAndTheTimerCancelled() throws IOException {
        ManualScheduler timer = new ManualScheduler(new ManualClock());

        String head = HeadDeadline.await(everySlotTaken(), timer, GENEROUS, () -> "head", () -> {
            throw new AssertionError("aborted");
        }, late -> {});

        assertEquals("head", head);
        assertEquals(0, timer.pending());
    }

    @Test
    void withEverySlotTakenAHeadThatCameAfterTheDeadlineIsReleased() {
        ManualScheduler timer = new ManualScheduler(new ManualClock());
        AtomicReference<String> released = new AtomicReference<>();

        assertThrows(HeadDeadlineException.class, () -> HeadDeadline.await(everySlotTaken(), timer, GENEROUS, () -> {
            timer.advance(GENEROUS); // the abort came too late to stop the head
            return "late head";
        }, () -> {}, released::set));

        assertEquals("late head", released.get());
    }

    @Test
    void theDeadlineRunsFromWhenTheAgentThreadSendsNotFromWhenItWasAskedTo() throws IOException {
        AgentExecutor slowToStart = new AgentExecutor("test-head", task -> new Thread(() -> {
            pause(SHORT.multipliedBy(4)); // a thread of a cold JVM on a busy machine
            task.run();
        }).start(), AgentExecutor.Slots.unbounded());

        String head = HeadDeadline.await(slowToStart, new ManualScheduler(new ManualClock()), SHORT, () -> "head",
                () -> {
                    throw new AssertionError("aborted: the thread's start was counted as the provider's wait");
                }, late -> {});

        assertEquals("head", head);
    }

    /** An executor whose only slot a task holds until the JVM ends. */
    private static AgentExecutor everySlotTaken() {
        AgentExecutor.Slots none = new AgentExecutor.Slots(1);
        AgentExecutor heads = new AgentExecutor("test-head", AgentThreads.threadsNamed("llm-failover-test-head-"), none);
        CountDownLatch never = new CountDownLatch(1);
        assertTrue(heads.tryExecute(() -> awaitUninterrupted(never)));
        return heads;
    }

    /** A head that records whether it was aborted or closed. */
    private static final class LateHead implements LlmResponse {
        final CountDownLatch aborted = new CountDownLatch(1);
        volatile boolean closed;

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
            return InputStream.nullInputStream();
        }

        @Override
        public void abort() {
            aborted.countDown();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static void pause(Duration length) {
        try {
            new CountDownLatch(1).await(length.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits as a blocking client does, deaf to the interrupt that comes with an abort. */
    private static void awaitUninterrupted(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
