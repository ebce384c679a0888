package io.llmfailover.runtime.state.fleet;

/** What the fleet tells an instance, on the store's own thread: quick, and never throws. */
public interface FleetListener {

    void silenced(String throttle, long untilEpochMillis);

    void opened(String breaker, long untilEpochMillis);

    void closed(String breaker);
}
