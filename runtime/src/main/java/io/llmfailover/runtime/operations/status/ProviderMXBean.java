package io.llmfailover.runtime.operations.status;

import java.util.Map;

/**
 * One configured provider over JMX, as {@code io.llmfailover:type=Provider,name=<provider>}: what
 * its breakers and keys are doing, and the operator's hand on its breaker. Key ids only. Every attribute
 * is an open type a JMX console shows as it is: a string, a number, or a table (a map, as TabularData).
 */
public interface ProviderMXBean {

    /** {@code CLOSED}, {@code HALF_OPEN} or {@code OPEN}: the worst of the provider's breakers. */
    String getBreakerState();

    boolean isForcedOpen();

    /** Each model's breaker, a table of model and state: {@code gpt-4o} {@code OPEN, probes in 4200 ms}. */
    Map<String, String> getBreakers();

    /** Each key id's concurrency limit, a table: {@code key:3f2a9c0d1e4b5a69} {@code 12}. */
    Map<String, Integer> getThrottleLimits();

    /** Calls in flight on the provider, every key together. */
    int getInFlight();

    /** Each key id that a 429, a 529 or an exhausted quota silenced, a table: {@code app} {@code 2026-12-02T03:40:01Z}. */
    Map<String, String> getSilencedUntil();

    /** {@code 2026-12-02T03:39:58Z rate_limited}, or empty when the provider has not failed. */
    String getLastFailure();

    /** Takes the provider out: its breakers open, and stay open, until {@link #forceClose()}. */
    void forceOpen();

    /** Puts the provider back: its breakers closed now, the usual rules from then on. */
    void forceClose();

    /** The one-page status of every provider. */
    String statusPage();
}
