package io.llmfailover.agent.bootstrap;

/**
 * How many instrumented client calls are open on this thread. A call made while another is open
 * (an overload delegating to another, or an attempt the agent itself sends through the app's
 * client) is never governed a second time.
 */
public final class CallDepth {

    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private CallDepth() {}

    /**
     * Opens a call; returns how many were already open on this thread. TEMPORARY: a thread inside
     * a call of the lifecycle ({@link io.llmfailover.agent.lifecycle.AttemptGuard}) counts as one
     * open call, so that adapters not yet on the lifecycle leave its attempts alone.
     */
    public static int enter() {
        return DEPTH.get()[0]++ + (io.llmfailover.agent.lifecycle.AttemptGuard.active() ? 1 : 0);
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
        return DEPTH.get()[0] > 0 || io.llmfailover.agent.lifecycle.AttemptGuard.active();
    }
}
