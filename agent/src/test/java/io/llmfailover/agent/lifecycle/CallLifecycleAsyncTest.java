package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.runtime.contract.CallAbandonedException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CallLifecycle#runAsync}: a call taken on the app's thread runs on an agent thread and ends
 * from there, exactly once, through the client's own completion.
 */
class CallLifecycleAsyncTest {

    private static final String CHAT = "http://127.0.0.1:1/v1/chat/completions";
    private static final Duration HEAD = Duration.ofSeconds(5);
    private static final long HANG_GUARD_SECONDS = 20;

    private final ExecutorService agentThread = Executors.newSingleThreadExecutor(run -> new Thread(run, "agent-test"));

    @AfterEach
    void stop() {
        agentThread.shutdownNow();
    }

    @Test
    void aCallTheAgentDoesNotGovernIsNotTaken() {
        assertEquals(null, CallLifecycle.start(TestClient.INSTANCE, new TestClient.Call(CHAT, "{}"), FakeGovernor::governingNothing));
    }

    @Test
    void aGovernedCallIsAnsweredFromTheAgentThread() throws Exception {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        Ended ended = runAsync(call, FakeGovernor.passThrough(HEAD));

        assertEquals("200 hello", ended.outcome.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS));
        assertEquals("agent-test", ended.thread.getName());
        assertEquals(1, call.sent.get());
    }

    @Test
    void anInternalFailureBeforeSendingAnswersWithTheOriginalCall() throws Exception {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        Ended ended = runAsync(call, new FakeGovernor(uri -> true, (request, wire) -> {
            throw new IllegalStateException("the runtime failed before sending");
        }));

        assertEquals(TestClient.AS_MADE, ended.outcome.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS));
        assertEquals(1, call.proceeded.get());
        assertEquals(0, call.sent.get());
    }

    @Test
    void anInternalFailureAfterSendingEndsTheCallWithAFailure() {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        Ended ended = runAsync(call, new FakeGovernor(uri -> true, (request, wire) -> {
            wire.send(request, HEAD).close();
            throw new IllegalStateException("the runtime failed after sending");
        }));

        assertInstanceOf(IOException.class, failureOf(ended));
        assertEquals(0, call.proceeded.get());
    }

    @Test
    void anErrorOnTheAgentThreadEndsTheCallWithAnIOExceptionNotTheError() {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        call.goingAhead = () -> {
            throw new StackOverflowError("deep inside the agent");
        };
        Ended ended = runAsync(call, new FakeGovernor(uri -> true, (request, wire) -> {
            throw new IllegalStateException("the runtime failed before sending");
        }));

        Throwable failure = failureOf(ended);
        assertInstanceOf(IOException.class, failure);
        assertTrue(failure.getMessage().contains("failed inside the agent"), failure.getMessage());
        assertInstanceOf(StackOverflowError.class, failure.getCause());
    }

    @Test
    void aCallTheAppGaveUpOnBeforeItsThreadRanIsNeverSent() {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        InterruptedIOException cancelled = new InterruptedIOException("the app cancelled");
        Ended ended = new Ended(cancelled);
        Governance governance = CallLifecycle.start(TestClient.INSTANCE, call, () -> FakeGovernor.passThrough(HEAD));

        assertNotNull(CallLifecycle.runAsync(TestClient.INSTANCE, call, governance, agentThread, ended));

        assertSame(cancelled, failureOf(ended));
        assertEquals(0, call.sent.get());
        assertEquals(0, call.proceeded.get());
    }

    @Test
    void interruptingTheRunningCallAbortsItsAttemptAndTheAppSeesItsOwnFailure() throws Exception {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        CountDownLatch inFlight = new CountDownLatch(1);
        call.wire = attempt -> {
            inFlight.countDown();
            try {
                new CountDownLatch(1).await(); // a head that never comes
                throw new AssertionError("unreachable");
            } catch (InterruptedException aborted) {
                throw new CallAbandonedException(new InterruptedIOException("the app cancelled"));
            }
        };
        Ended ended = new Ended(null);
        Governance governance = CallLifecycle.start(TestClient.INSTANCE, call, () -> FakeGovernor.passThrough(HEAD));
        RunningCall<TestClient.Call, String> running =
                CallLifecycle.runAsync(TestClient.INSTANCE, call, governance, agentThread, ended);
        assertTrue(inFlight.await(HANG_GUARD_SECONDS, TimeUnit.SECONDS), "the attempt is in flight");

        running.interrupt();

        Throwable failure = failureOf(ended);
        assertInstanceOf(InterruptedIOException.class, failure);
        assertEquals("the app cancelled", failure.getMessage());
        assertFalse(agentThread.submit(() -> Thread.currentThread().isInterrupted()).get(HANG_GUARD_SECONDS, TimeUnit.SECONDS),
                "the cancel is not the agent thread's next task's");
    }

    private Ended runAsync(TestClient.Call call, FakeGovernor governor) {
        Governance governance = CallLifecycle.start(TestClient.INSTANCE, call, () -> governor);
        Ended ended = new Ended(null);
        assertNotNull(CallLifecycle.runAsync(TestClient.INSTANCE, call, governance, agentThread, ended));
        return ended;
    }

    private static Throwable failureOf(Ended ended) {
        try {
            ended.outcome.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            return failed.getCause();
        } catch (Exception unexpected) {
            throw new AssertionError(unexpected);
        }
        throw new AssertionError("the call was answered");
    }

    /** The app's side: which end the call had, once, and on which thread. */
    private static final class Ended implements CallCompletion<String> {
        final CompletableFuture<String> outcome = new CompletableFuture<>();
        private final Throwable gaveUp;
        volatile Thread thread;

        Ended(Throwable gaveUp) {
            this.gaveUp = gaveUp;
        }

        @Override
        public Throwable appGaveUp() {
            return gaveUp;
        }

        @Override
        public void answered(String response) {
            thread = Thread.currentThread();
            assertTrue(outcome.complete(response), "ended once");
        }

        @Override
        public void failed(Throwable failure) {
            thread = Thread.currentThread();
            assertTrue(outcome.completeExceptionally(failure), "ended once");
        }
    }
}
