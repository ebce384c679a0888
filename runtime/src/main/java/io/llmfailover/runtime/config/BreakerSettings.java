package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * The {@code breaker.*} keys.
 *
 * @param failureRate open when this share of the calls in the window failed (0..1]
 * @param minimumCalls ... and at least this many calls were seen in the window
 * @param window the sliding time window of the failure rate
 * @param consecutiveFailures or open after this many failures in a row
 * @param openDuration how long the breaker stays open before letting probes through
 * @param halfOpenProbes successes needed in half-open to close again
 */
public record BreakerSettings(
        double failureRate,
        int minimumCalls,
        Duration window,
        int consecutiveFailures,
        Duration openDuration,
        int halfOpenProbes) {

    public static final BreakerSettings DEFAULTS =
            new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 3);
}
