package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.time.TaskCap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.NonBlocking;

/** The cap on agent threads, and what a task does at it. Tasks block on latches the test releases. */
class AgentExecutorTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final AgentExecutor.Slots oneSlot = new AgentExecutor.Slots(1);
    private final AgentExecutor executor = new AgentExecutor("test", AgentThreads.threadsNamed("llm-failover-test-"), oneSlot);

    @AfterEach
    void releaseBlockedTasks() {
        release.countDown();
    }

    @Test
    void M6_agentThreadsAreNamedAfterTheirPurpose() throws Exception {
        CompletableFuture<String> name = new CompletableFuture<>();

        AgentThreads.of("purpose").execute(() -> name.complete(Thread.currentThread().getName()));

        assertTrue(name.get(10, TimeUnit.SECONDS).startsWith("llm-failover-purpose-"), name.get());
    }

    @Test
    void M6_atTheCapATaskRunsOnTheThreadThatHandsItOver() throws Exception {
        occupyTheOnlySlot();
        AtomicReference<Thread> ranOn = new AtomicReference<>();

        executor.execute(() -> ranOn.set(Thread.currentThread()));

        assertSame(Thread.currentThread(), ranOn.get());
    }

    @Test
    void M6_atTheCapTryExecuteDeclinesSoTheCallerCanTakeAnotherWay() throws Exception {
        occupyTheOnlySlot();

        assertFalse(executor.tryExecute(() -> {}));
    }

    @Test
    void atTheCapAnEventLoopsTaskStartsOnAnAgentThreadNeverWaitingInLine() throws Exception {
        occupyTheOnlySlot();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        EventLoop loop = new EventLoop(() -> executor.execute(() -> ranOn.complete(Thread.currentThread())));
        loop.start();

        Thread thread = ranOn.get(10, TimeUnit.SECONDS);

        assertNotSame(loop, thread, "the event loop ran the task itself");
        assertTrue(thread.getName().startsWith("llm-failover-test-"), thread.getName());
    }

    @Test
    void atTheCapAGovernedCallIsDeclinedAtOnceAndCounted() throws Exception {
        occupyTheOnlySlot();
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        assertFalse(executor.tryStart(() -> {}), "the adapter sends the call as the app made it");

        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }

    @Test
    void aSlotIsFreedWhenItsTaskEndsAndAnInterruptDoesNotOutliveIt() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        executor.execute(() -> {
            Thread.currentThread().interrupt();
            first.countDown();
        });
        assertTrue(first.await(10, TimeUnit.SECONDS));
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();

        for (int i = 0; i < 1000 && !executor.tryExecute(() -> interrupted.complete(Thread.currentThread().isInterrupted())); i++) {
            Thread.sleep(10); // until the first task's thread has given its slot back
        }

        assertEquals(false, interrupted.get(10, TimeUnit.SECONDS));
    }

    private void occupyTheOnlySlot() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        assertTrue(executor.tryExecute(() -> {
            running.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        assertTrue(running.await(10, TimeUnit.SECONDS));
    }

    /** A thread that must never block, as Reactor marks its own. */
    private static final class EventLoop extends Thread implements NonBlocking {
        EventLoop(Runnable task) {
            super(task, "test-event-loop");
        }
    }
}
