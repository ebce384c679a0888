package io.llmfailover.agent.lifecycle;

/**
 * Marks the threads on which a governed call, or one of its attempts, is being sent through the
 * app's client, so that an adapter further down (RestTemplate over OkHttp, an SDK over the JDK
 * client) leaves that traffic alone instead of governing it a second time.
 */
public final class AttemptGuard {

    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

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

    /** An entered mark; closing it is idempotent per scope only in the sense that each scope is closed once. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
