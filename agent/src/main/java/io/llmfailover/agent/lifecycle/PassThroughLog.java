package io.llmfailover.agent.lifecycle;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.runtime.log.RepeatSummary;
import io.llmfailover.runtime.time.Clock;
import java.net.URI;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one line a governed call sent ungoverned gets: repeated ones are summarised once a minute. */
final class PassThroughLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.agent");
    private static final Logger DECISIONS = LoggerFactory.getLogger("io.llmfailover.decision");
    private static final RepeatSummary REPEATS = new RepeatSummary(Clock.SYSTEM, Duration.ofMinutes(1));

    private PassThroughLog() {}

    /** {@code agent.log.level = debug}: why a call through an instrumented client was left alone. */
    static void notGoverned(String client, String method, URI uri, CallGovernor governor) {
        if (DECISIONS.isDebugEnabled()) {
            String why = governor.whyNotGoverned(method, uri);
            if (why != null) {
                DECISIONS.debug("llm-failover: {} {} {} not governed: {}", client, method, target(uri), why);
            }
        }
    }

    private static String target(URI uri) {
        return uri == null ? "?" : uri.getScheme() + "://" + uri.getHost()
                + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + uri.getRawPath();
    }

    static void passedThrough(String client, URI uri, String reason) {
        String target = target(uri);
        long alsoSince = REPEATS.occurred(reason + " " + target);
        if (alsoSince >= 0) {
            LOG.info("llm-failover: {} call to {} sent as the app made it, without failover: {}{}", client, target,
                    reason, alsoSince > 0 ? " (" + alsoSince + " more since the last such line)" : "");
        }
    }
}
