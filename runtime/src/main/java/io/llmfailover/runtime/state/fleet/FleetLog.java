package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.log.HumanDuration;
import io.llmfailover.runtime.log.RepeatSummary;
import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this instance learnt from its fleet, as it applies it: a breaker opened or a key silenced by
 * another instance. An instance that joins reads these first, so its first lines say what the fleet
 * knew; the same line again (the fleet repeating an outage) at most once per period, with its count.
 * A name comes from Redis, which is input: its control characters are written as {@code ?}, so no
 * name can start a line of its own in the log.
 */
final class FleetLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.fleet");
    private static final Duration PERIOD = Duration.ofSeconds(10);

    private final RepeatSummary lines;

    FleetLog(Clock clock) {
        this.lines = new RepeatSummary(clock, PERIOD);
    }

    void breakerOpened(String breaker, long nanos) {
        long repeats = lines.occurred("opened " + breaker);
        if (repeats >= 0 && LOG.isInfoEnabled()) {
            LOG.info("llm-failover: from the fleet: breaker {} open for {}{}", printable(breaker), HumanDuration.ofNanos(nanos),
                    RepeatSummary.standingFor(repeats));
        }
    }

    void keySilenced(String throttle, long nanos) {
        long repeats = lines.occurred("silenced " + throttle);
        if (repeats >= 0 && LOG.isInfoEnabled()) {
            LOG.info("llm-failover: from the fleet: key {} silenced for {}{}", printable(throttle), HumanDuration.ofNanos(nanos),
                    RepeatSummary.standingFor(repeats));
        }
    }

    void breakerClosed(String breaker) {
        if (lines.occurred("closed " + breaker) >= 0 && LOG.isInfoEnabled()) {
            LOG.info("llm-failover: from the fleet: breaker {} closed", printable(breaker));
        }
    }

    /** {@code name} with each control character (a line break above all) written as {@code ?}. */
    static String printable(String name) {
        StringBuilder out = null;
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                if (out == null) {
                    out = new StringBuilder(name);
                }
                out.setCharAt(i, '?');
            }
        }
        return out == null ? name : out.toString();
    }
}
