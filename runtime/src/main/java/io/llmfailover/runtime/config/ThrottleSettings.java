package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * The {@code throttle.*} keys: AIMD concurrency limit per provider and key.
 *
 * @param enabled {@code throttle.enabled}
 * @param initialLimit {@code throttle.initial-limit}: concurrent calls allowed before any 429
 * @param minLimit {@code throttle.min-limit}: the limit never halves below this
 * @param maxLimit {@code throttle.max-limit}: the limit never creeps above this
 * @param maxSilence {@code throttle.max-silence}: the longest Retry-After honoured as a silence
 */
public record ThrottleSettings(boolean enabled, int initialLimit, int minLimit, int maxLimit, Duration maxSilence) {

    public static final ThrottleSettings DEFAULTS = new ThrottleSettings(true, 64, 1, 1024, Duration.ofMinutes(10));
}
