package io.llmfailover.agent.client.jdkhttp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An executor whose tasks the thread waiting for a result runs itself, for as long as it waits;
 * afterwards they go to the fallback executor. Feeding a {@code BodySubscriber} that completes
 * only at the end of the body ({@code ofString}, {@code ofByteArray}) then costs no thread hop: the
 * app's thread, blocked in {@code send} anyway, reads the body into it.
 */
final class WaitingThreadExecutor implements Executor {

    private static final Runnable WAKE_UP = () -> {};

    private final Executor fallback;
    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private volatile boolean waiting = true;

    WaitingThreadExecutor(Executor fallback) {
        this.fallback = fallback;
    }

    @Override
    public void execute(Runnable task) {
        if (!waiting) {
            fallback.execute(task);
            return;
        }
        tasks.add(task);
        // The waiter may have stopped between the check and the add; whoever removes the task runs it.
        if (!waiting && tasks.remove(task)) {
            fallback.execute(task);
        }
    }

    /**
     * Runs the tasks handed to this executor until {@code result} is done; a task that arrives once
     * it is done (the app reading an {@code ofInputStream} body, say) runs on the fallback.
     */
    void runUntilDone(CompletableFuture<?> result) throws InterruptedException {
        result.whenComplete((value, failure) -> tasks.add(WAKE_UP));
        try {
            while (!result.isDone()) {
                Runnable task = tasks.take();
                if (result.isDone()) {
                    handOff(task);
                    return;
                }
                task.run();
            }
        } finally {
            stopWaiting();
        }
    }

    private void stopWaiting() {
        waiting = false;
        for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
            handOff(task);
        }
    }

    private void handOff(Runnable task) {
        if (task != WAKE_UP) {
            fallback.execute(task);
        }
    }
}
