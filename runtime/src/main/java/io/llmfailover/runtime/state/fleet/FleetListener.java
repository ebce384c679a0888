package io.llmfailover.runtime.state.fleet;

/**
 * What the fleet tells an instance, on the store's own thread: quick, and never throws. Durations
 * are counted from now by the Redis server; whatever they say, the receiver bounds them.
 */
public interface FleetListener {

    /** A key is silent for {@code millis} more. */
    void silenced(String throttle, long millis);

    /** A breaker is open for {@code millis} more. */
    void opened(String breaker, long millis);

    void closed(String breaker);
}
