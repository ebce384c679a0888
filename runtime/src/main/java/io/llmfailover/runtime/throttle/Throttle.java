// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.throttle;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.time.Clock;
public final class Throttle {
    public Throttle(String name, ThrottleSettings settings, Clock clock) {}
    public String name() { return ""; }
    public void addListener(ThrottleListener l) {}
    public ThrottleDecision tryAcquire() { return null; }
    public void onSuccess(HttpHeaders h) {}
    public void onRateLimited(HttpHeaders h) {}
    public void onQuotaExhausted(HttpHeaders h) {}
    public void onReleased() {}
    public long nanosUntilAllowed() { return 0; }
    public int limit() { return 0; }
    public int inFlight() { return 0; }
}
