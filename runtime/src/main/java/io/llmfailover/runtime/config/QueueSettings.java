package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * The queue a call waits in when every step of its chain is silenced or over its limit:
 * {@code queue.max-wait} (default {@code 0}, no queue) caps one call's total wait, {@code
 * queue.max-length} (default 1000) the calls waiting at once.
 */
public record QueueSettings(Duration maxWait, int maxLength) {

    public static final int DEFAULT_MAX_LENGTH = 1000;
    public static final QueueSettings OFF = new QueueSettings(Duration.ZERO, DEFAULT_MAX_LENGTH);

    public QueueSettings {
        if (maxWait.isNegative()) {
            throw new IllegalArgumentException("queue.max-wait must not be negative, was " + maxWait);
        }
        if (maxLength < 1) {
            throw new IllegalArgumentException("queue.max-length must be positive, was " + maxLength);
        }
    }

    public boolean enabled() {
        return !maxWait.isZero();
    }
}
