package io.llmfailover.agent.bootstrap;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports an internal failure of the agent once per site, never per call: a failing adapter on a
 * busy service must not flood the log. Callers pass the throwable only; request headers, bodies
 * and keys never reach this class.
 */
public final class FailureLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.agent");
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

    private FailureLog() {}

    /** Logs the failure if none was logged yet for {@code site}; returns whether it logged. */
    public static boolean once(String site, Throwable failure) {
        if (!REPORTED.add(site)) {
            return false;
        }
        LOG.warn("llm-failover: internal failure in {}; the call went ahead without the agent "
                + "(further failures here are not logged)", site, failure);
        return true;
    }
}
