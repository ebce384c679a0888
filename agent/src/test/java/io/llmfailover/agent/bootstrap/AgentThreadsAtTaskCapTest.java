package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.time.TaskCap;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.NonBlocking;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a head deadline still ends the
 * wait, an event loop's task never waits in a line, and a hedge that cannot start is counted. The
 * guard only keeps a hang from stalling the build; it is no bound on speed.
 */
class AgentThreadsAtTaskCapTest {

    private static final Duration DEADLINE = Duration.ofMillis(100);
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    private EveryTaskSlotTaken taken;

    @BeforeEach
    void takeEverySlot() throws InterruptedException {
        taken = new EveryTaskSlotTaken();
    }

    @AfterEach
    void giveThemBack() throws InterruptedException {
        if (taken != null) {
            taken.close();
        }
    }

    @Test
    void aHeadThatNeverComesStillEndsAtTheDeadlineWithNoSlotFree() {
        long before = TaskCap.count(TaskCap.Fallback.HEAD_ON_CALLER_THREAD);
        CountDownLatch aborted = new CountDownLatch(1);

        assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(HeadDeadlineException.class,
                () -> HeadDeadline.await(DEADLINE, () -> {
                    // a client with no timeout of its own: it waits until its connection is closed
                    try {
                        aborted.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new SocketException("Socket closed");
                }, aborted::countDown, late -> {})));

        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.HEAD_ON_CALLER_THREAD));
    }

    @Test
    void anEventLoopsTaskStartsAtOnceInsteadOfWaitingInLine() throws Exception {
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        Thread loop = new EventLoop(() -> AgentThreads.shared().execute(() -> ranOn.complete(Thread.currentThread())));
        loop.start();

        Thread thread = ranOn.get(HANG_GUARD.toSeconds(), TimeUnit.SECONDS);

        assertNotSame(loop, thread, "never on the event loop");
    }

    @Test
    void aHedgeThatCannotStartIsRefusedAndCounted() {
        long before = TaskCap.count(TaskCap.Fallback.HEDGE_NOT_STARTED);

        assertThrows(RejectedExecutionException.class, () -> AgentThreads.concurrentSends().execute(() -> {}));

        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.HEDGE_NOT_STARTED));
    }

    @Test
    void aRelayedBodyNeverWaitsForASlot() throws Exception {
        CompletableFuture<Boolean> relayed = new CompletableFuture<>();

        AgentThreads.relays().execute(() -> relayed.complete(true));

        assertEquals(true, relayed.get(HANG_GUARD.toSeconds(), TimeUnit.SECONDS));
    }

    /** A thread that must never block, as Reactor marks its own. */
    private static final class EventLoop extends Thread implements NonBlocking {
        EventLoop(Runnable task) {
            super(task, "test-event-loop");
        }
    }
}
