package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.breaker.BreakerPermit;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.throttle.ThrottleSlot;

/**
 * The permits one attempt holds: its breaker permission (or half-open probe) and, once a key was
 * chosen, its throttle slot. The outcome is reported on them once; closing releases whatever was
 * not reported as ignored, so a skip, a cancellation or an exception of the agent's own can never
 * leak a permit (64 leaked slots refused a key for good; three leaked probes held a breaker
 * half-open for good).
 */
final class AttemptLeases implements AutoCloseable {

    private final BreakerPermit permit;
    private ThrottleSlot slot;

    AttemptLeases(BreakerPermit permit) {
        this.permit = permit;
    }

    void hold(ThrottleSlot slot) {
        this.slot = slot;
    }

    /** Reports the attempt's outcome to the breaker and the throttle. */
    void record(Outcome outcome, HttpHeaders headers) {
        OutcomeRecorder.record(outcome, headers, permit, slot);
    }

    /** Releases as ignored what has not been reported; a no-op for what has. */
    @Override
    public void close() {
        permit.onIgnored();
        if (slot != null) {
            slot.onIgnored();
        }
    }
}
