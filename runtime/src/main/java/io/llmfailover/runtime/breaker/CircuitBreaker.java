// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.breaker;
import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.time.Clock;
public final class CircuitBreaker {
    public CircuitBreaker(String name, BreakerSettings settings, Clock clock) {}
    public String name() { return ""; }
    public void addListener(BreakerListener l) {}
    public boolean tryAcquirePermission() { return true; }
    public void onSuccess() {}
    public void onFailure() {}
    public void onIgnored() {}
    public BreakerState state() { return BreakerState.CLOSED; }
    public long nanosUntilPermitted() { return 0; }
}
