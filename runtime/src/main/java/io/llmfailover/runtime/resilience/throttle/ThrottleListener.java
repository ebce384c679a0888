package io.llmfailover.runtime.resilience.throttle;

import java.time.Duration;

/**
 * Told about a {@link Throttle}'s changes, on the thread that caused them. Meant for metrics, logs
 * and spans: it must be quick. An exception it throws is logged and otherwise ignored.
 */
public interface ThrottleListener {

    /**
     * The throttle is silent for {@code length} more, that is until {@code untilNanos} on the
     * throttle's clock. Told only when a silence starts or grows longer.
     */
    default void onSilenced(Throttle throttle, SilenceReason reason, long untilNanos, Duration length) {}

    /** The throttle of a provider and key was made: first use of that key. */
    default void onCreated(Throttle throttle) {}

    /** The throttle was dropped (its key made room for another, or its provider was redefined): forget it. */
    default void onRemoved(Throttle throttle) {}

    /** The AIMD limit moved. */
    default void onLimitChanged(Throttle throttle, int oldLimit, int newLimit) {}
}
