package io.llmfailover.agent.lifecycle;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether the app still waits for a call of a reactive client that runs on agent threads. The app's
 * cancellation runs every hook registered here once, whatever is in flight: the body being read, an
 * attempt waiting for its head, a response not yet handed over; once the outcome is delivered the
 * hooks never run.
 */
public final class AppWait {

    private static final int RUNNING = 0;
    private static final int DELIVERED = 1;
    private static final int ABANDONED = 2;

    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private final Queue<Runnable> onAbandon = new ConcurrentLinkedQueue<>();

    /** Runs {@code hook} if the app cancels before the call delivered; at once if it already did. */
    public void onAbandon(Runnable hook) {
        onAbandon.add(hook);
        if (state.get() == ABANDONED) {
            runHooks();
        }
    }

    /** The app cancelled its subscription. */
    public void abandon() {
        if (state.compareAndSet(RUNNING, ABANDONED)) {
            runHooks();
        }
    }

    public boolean abandoned() {
        return state.get() == ABANDONED;
    }

    /** True when the outcome may still reach the app; from then on the abandon hooks never run. */
    public boolean deliver() {
        return state.compareAndSet(RUNNING, DELIVERED);
    }

    private void runHooks() {
        Runnable hook;
        while ((hook = onAbandon.poll()) != null) {
            try {
                hook.run();
            } catch (RuntimeException releasing) {
                // best effort: the others still run
            }
        }
    }
}
