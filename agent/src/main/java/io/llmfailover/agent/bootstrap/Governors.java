package io.llmfailover.agent.bootstrap;

import java.net.URI;
import java.util.function.Supplier;

/** The one question every adapter asks before it touches a call: is this call the agent's to govern? */
public final class Governors {

    private Governors() {}

    /**
     * The governor of a new call to {@code uri}, or null when the call is not the agent's: no
     * provider lives there, the call is an attempt of a call already governed further up this thread
     * (RestTemplate over OkHttp or Apache), or asking failed (logged once under {@code site}).
     */
    public static CallGovernor forCall(Supplier<CallGovernor> governor, URI uri, String site) {
        if (uri == null || CallDepth.inCall()) {
            return null;
        }
        try {
            CallGovernor current = governor.get();
            return current != null && current.governs(uri) ? current : null;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once(site + " governs()", e);
            return null;
        }
    }
}
