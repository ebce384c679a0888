package io.llmfailover.agent.bootstrap;

/**
 * Marks the threads on which a governed call, or one of its attempts, is being sent through the
 * app's client, so that an adapter further down (RestTemplate over OkHttp, an SDK over the JDK
 * client) leaves that traffic alone instead of governing it a second time.
 */
public final class AttemptGuard {

    /** [0]: governed calls and attempts this thread is inside; [1]: of those, rewritten attempts handed on. */
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
     * Marks this thread while it hands an attempt the runtime rewrote (a fallback's, or one with a
     * key the agent put in) to the client under the adapter's own (Spring's RestClient and
     * WebClient send through another client), until the scope is closed. The hook of that client,
     * running on this thread as it takes the request, makes that very request follow no redirect:
     * the client's own threads, which handle the redirect, never read this mark.
     */
    public static Scope enterRewritten() {
        int[] depth = DEPTH.get();
        depth[0]++;
        depth[1]++;
        return () -> {
            depth[1]--;
            depth[0]--;
        };
    }

    /**
     * True while this thread hands on a rewritten attempt: the request a client takes now must hand
     * a redirect back rather than follow it, since following would carry the attempt's key and the
     * prompt to a host the app never addressed (the runtime counts the redirect as that
     * provider's failure).
     */
    public static boolean sendingRewritten() {
        return DEPTH.get()[1] > 0;
    }

    /** An entered mark; closing it is idempotent per scope only in the sense that each scope is closed once. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
