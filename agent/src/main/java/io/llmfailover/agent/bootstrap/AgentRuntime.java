package io.llmfailover.agent.bootstrap;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The one governor the installed agent runs with. {@code premain} leaves only how to build it
 * ({@link #buildOnDemand}); the first call that asks for it builds it, once, while other callers
 * wait (a lock, not a monitor, so that virtual threads waiting for it do not pin their carriers).
 */
public final class AgentRuntime {

    private static final ReentrantLock BUILDING = new ReentrantLock();

    private static volatile CallGovernor governor;
    private static volatile Supplier<CallGovernor> pendingBuild;

    private AgentRuntime() {}

    public static void install(CallGovernor installed) {
        governor = installed;
    }

    /** @param build returns the governor, or null when it could not be built (the agent then stays off) */
    public static void buildOnDemand(Supplier<CallGovernor> build) {
        pendingBuild = build;
    }

    /** The installed governor, built now if it is still pending; null when the agent is not running. */
    public static CallGovernor governor() {
        CallGovernor current = governor;
        if (current != null) {
            return current;
        }
        // read in this order: a build stores the governor before it clears pendingBuild
        return pendingBuild == null ? governor : build();
    }

    /**
     * Builds the pending governor, if there is one. A call the build itself would make through an
     * instrumented client, on the building thread, goes ungoverned rather than waiting for itself.
     */
    public static CallGovernor build() {
        if (BUILDING.isHeldByCurrentThread()) {
            return null;
        }
        BUILDING.lock();
        try {
            Supplier<CallGovernor> build = pendingBuild;
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
