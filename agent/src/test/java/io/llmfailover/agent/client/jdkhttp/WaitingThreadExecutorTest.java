package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class WaitingThreadExecutorTest {

    /** Collects what it is handed, for the test to run (or not) itself. */
    private final List<Runnable> handedToFallback = new ArrayList<>();
    private final Executor fallback = handedToFallback::add;
    private final WaitingThreadExecutor executor = new WaitingThreadExecutor(fallback);

    @Test
    void aTaskGivenWhileTheCallerWaitsRunsOnTheCallersThread() throws Exception {
        CompletableFuture<String> body = new CompletableFuture<>();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        executor.execute(() -> {
            ranOn.set(Thread.currentThread());
            body.complete("done");
        });

        executor.runUntilDone(body);

        assertSame(Thread.currentThread(), ranOn.get());
        assertTrue(handedToFallback.isEmpty(), "nothing left for the fallback");
    }

    @Test
    void aTaskStillQueuedWhenTheResultIsDoneGoesToTheFallbackOnce() throws Exception {
        CompletableFuture<String> body = CompletableFuture.completedFuture("an InputStream, ready at once");
        Runnable read = () -> { };
        executor.execute(read);

        executor.runUntilDone(body);

        assertEquals(List.of(read), handedToFallback);
    }

    @Test
    void aTaskGivenAfterTheWaitGoesToTheFallback() throws Exception {
        executor.runUntilDone(CompletableFuture.completedFuture("done"));
        Runnable later = () -> { };

        executor.execute(later);

        assertEquals(List.of(later), handedToFallback);
    }

    @Test
    void tasksRunInTheOrderTheyCame() throws Exception {
        CompletableFuture<String> body = new CompletableFuture<>();
        List<String> order = new ArrayList<>();
        executor.execute(() -> order.add("first"));
        executor.execute(() -> {
            order.add("second");
            body.complete("done");
        });

        executor.runUntilDone(body);

        assertEquals(List.of("first", "second"), order);
    }
}
