package io.llmfailover.agent.lifecycle;

/**
 * Marks the threads on which a governed call, or one of its attempts, is being sent through the
 * app's client, so that an adapter further down (RestTemplate over OkHttp, an SDK over the JDK
 * client) leaves that traffic alone instead of governing it a second time.
 */
public final class AttemptGuard {

    /** [0]: governed calls and attempts this thread is inside; [1]: of those, fallback attempts. */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[2]);

    private AttemptGuard() {}

    /** True when this thread is inside a governed call: whatever it sends is the agent's own traffic. */
    public static boolean active() {
        return DEPTH.get()[0] > 0;
    }

    /** Marks this thread until the returned scope is closed. */
    public static Scope enter() {
        int[] depth = DEPTH.get();
        depth[0]++;
        return () -> depth[0]--;
    }

    /**
     * Marks this thread as sending a fallback attempt (the runtime's rewrite, with the fallback's
     * key) through a client further down, until the scope is closed.
     */
    public static Scope enterFallback() {
        int[] depth = DEPTH.get();
        depth[0]++;
        depth[1]++;
        return () -> {
            depth[1]--;
            depth[0]--;
        };
    }

    /**
     * True while this thread sends a fallback attempt: a client further down must hand a redirect
     * back rather than follow it, since following would carry the fallback's key and the prompt
     * to a host the app never addressed (the runtime counts the redirect as the fallback's failure).
     */
    public static boolean sendingFallback() {
        return DEPTH.get()[1] > 0;
    }

    /** An entered mark; closing it is idempotent per scope only in the sense that each scope is closed once. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
