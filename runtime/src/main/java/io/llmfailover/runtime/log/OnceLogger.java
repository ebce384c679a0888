package io.llmfailover.runtime.log;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs an internal failure once per place it happens, so a bug in the agent never floods the
 * app's logs with one line per call.
 */
public final class OnceLogger {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover");
    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private OnceLogger() {}

    /** @param site a short, stable name for where it happened */
    public static void internalFailure(String site, Throwable error) {
        if (SEEN.add(site + ":" + error.getClass().getName())) {
            LOG.warn("llm-failover: internal failure in {} ({}); the call proceeds as if the agent were absent; "
                    + "this is logged once", site, error.toString(), error);
        }
    }

    /** A notice about the agent's own set-up, logged the first time only. */
    public static void notice(String key, String message) {
        if (SEEN.add("notice:" + key)) {
            LOG.info(message);
        }
    }
}
