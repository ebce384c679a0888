package io.llmfailover.runtime.operations.status;

/**
 * One configured provider over JMX, as {@code io.llmfailover:type=Provider,name=<provider>}: what
 * its breakers and keys are doing, and the operator's hand on its breaker. Key ids only.
 */
public interface ProviderMXBean {

    /** {@code CLOSED}, {@code HALF_OPEN} or {@code OPEN}: the worst of the provider's breakers. */
    String getBreakerState();

    boolean isForcedOpen();

    /** A line per model: {@code gpt-4o OPEN, probes in 4.2 s}. */
    String[] getBreakers();

    /** A line per key id: {@code key:3f2a9c0d1e4b5a69: 12}. */
    String[] getThrottleLimits();

    /** Calls in flight on the provider, every key together. */
    int getInFlight();

    /** A line per key id that a 429, a 529 or an exhausted quota silenced: {@code app: 2026-12-02T03:40:01Z}. */
    String[] getSilencedUntil();

    /** {@code 2026-12-02T03:39:58Z rate_limited}, or empty when the provider has not failed. */
    String getLastFailure();

    /** Takes the provider out: its breakers open, and stay open, until {@link #forceClose()}. */
    void forceOpen();

    /** Puts the provider back: its breakers closed now, the usual rules from then on. */
    void forceClose();

    /** The one-page status of every provider. */
    String statusPage();
}
