package io.llmfailover.agent.bootstrap;

/**
 * How many instrumented JDK {@code HttpClient} methods are open on this thread, so that an
 * overload delegating to another is hooked once. Whether a call is the agent's own traffic is the
 * {@link AttemptGuard}.
 */
public final class CallDepth {

    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private CallDepth() {}

    /** Opens a call; returns how many were already open on this thread. */
    public static int enter() {
        return DEPTH.get()[0]++;
    }

    /** Closes the call opened last. */
    public static void exit() {
        int[] depth = DEPTH.get();
        if (depth[0] > 0) {
            depth[0]--;
        }
    }

    /** True when a call is open on this thread. */
    public static boolean inCall() {
        return DEPTH.get()[0] > 0;
    }
}
