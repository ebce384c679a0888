package io.llmfailover.agent.bootstrap;


import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.time.AgentThread;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The one governor the installed agent runs with. {@code premain} leaves only how to build it
 * ({@link #buildOnDemand}); it is built once, ahead of the first call when the app loads its first
 * HTTP client ({@link #buildAhead}), or by the first call that asks for it, while other callers wait
 * (a lock, not a monitor, so that virtual threads waiting for it do not pin their carriers).
 */
public final class InstalledRunner {

    private static final ReentrantLock BUILDING = new ReentrantLock();

    private static volatile CallRunner governor;
    private static volatile Supplier<CallRunner> pendingBuild;
    /** The pending build a thread was started for: each client library's first class asks for one. */
    private static final AtomicReference<Supplier<CallRunner>> BUILDING_AHEAD = new AtomicReference<>();

    private InstalledRunner() {}

    public static void install(CallRunner installed) {
        governor = installed;
    }

    /** @param build returns the governor, or null when it could not be built (the agent then stays off) */
    public static void buildOnDemand(Supplier<CallRunner> build) {
        pendingBuild = build;
    }

    /**
     * Starts building the pending governor on a thread of its own ({@code llm-failover-start}): the
     * app has loaded an HTTP client, so its first call is near, and should find the agent built rather
     * than build it on its own thread, inside its own timeouts. Nothing when it is built already, or
     * being built ahead.
     *
     * @param thenWarmUp run on that thread once the governor is built (calls meanwhile go ahead): what
     *     makes the first call cheaper still, such as loading the classes it runs through
     */
    public static void buildAhead(Runnable thenWarmUp) {
        Supplier<CallRunner> pending = pendingBuild;
        if (pending != null && BUILDING_AHEAD.getAndSet(pending) != pending) {
            AgentThread.daemon("llm-failover-start", () -> {
                if (build() != null) {
                    thenWarmUp.run();
                }
            }).start();
        }
    }

    /**
     * The installed governor, built now if it is still pending; null when the agent is not running,
     * or when the calling thread was interrupted while it waited for a build in progress (its call
     * then goes as the app made it, and meets the interrupt there, as without the agent).
     */
    public static CallRunner governor() {
        CallRunner current = governor;
        if (current != null) {
            return current;
        }
        // read in this order: a build stores the governor before it clears pendingBuild
        return pendingBuild == null ? governor : build();
    }

    /**
     * Builds the pending governor, if there is one, or waits for the build in progress. A call the
     * build itself would make through an instrumented client, on the building thread, goes
     * ungoverned rather than waiting for itself.
     */
    public static CallRunner build() {
        if (BUILDING.isHeldByCurrentThread()) {
            return null;
        }
        if (!BUILDING.tryLock()) {
            try {
                BUILDING.lockInterruptibly(); // another thread builds it: wait, unless the app gives up
            } catch (InterruptedException appGaveUp) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        try {
            Supplier<CallRunner> build = pendingBuild;
            if (build != null) {
                try {
                    governor = build.get();
                } finally {
                    pendingBuild = null; // after the governor: a caller that sees no build pending finds it
                }
            }
            return governor;
        } finally {
            BUILDING.unlock();
        }
    }
}
