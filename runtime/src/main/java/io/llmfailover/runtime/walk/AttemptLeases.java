package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.quota.QuotaCharge;
import io.llmfailover.runtime.resilience.throttle.ThrottleSlot;
import java.io.InputStream;

/**
 * The permits one attempt holds: its breaker permission (or half-open probe) and, once a key was
 * chosen, its throttle slot and quota charge (given back when the attempt is never sent). The outcome is reported on them once; closing releases whatever was
 * not reported as ignored, so a skip, a cancellation or an exception of the agent's own can never
 * leak a permit (64 leaked slots refused a key for good; three leaked probes held a breaker
 * half-open for good).
 */
final class AttemptLeases implements AutoCloseable {

    private final BreakerPermit permit;
    private ThrottleSlot slot;
    private QuotaCharge charge;

    AttemptLeases(BreakerPermit permit) {
        this.permit = permit;
    }

    /** The state of the breaker that gave the permission: a half-open one's attempt is its probe. */
    BreakerState breakerState() {
        return permit.state();
    }

    /** A drill took the attempt over: what its outcome teaches stays on this instance, never told to the fleet. */
    void drilled() {
        permit.markDrilled();
        if (slot != null) {
            slot.markDrilled();
        }
    }

    void hold(ThrottleSlot slot, QuotaCharge charge) {
        this.slot = slot;
        this.charge = charge;
    }

    /** The body of a success, watched for its usage to correct the quota charge's token estimate. */
    InputStream metered(LlmResponse response, InputStream probedBody) {
        if (charge == null || !charge.metersTokens()) {
            return probedBody;
        }
        return charge.settledBy(probedBody != null ? probedBody : response.body(), response.headers());
    }

    /** Reports the attempt's outcome to the breaker, the throttle and the quota. */
    void record(AttemptOutcome outcome, HttpHeaders headers) {
        OutcomeRecorder.record(outcome, headers, permit, slot);
        if (charge != null) {
            charge.onSent(outcome == AttemptOutcome.SUCCESS, headers);
        }
    }

    /** Reports an ending that {@linkplain AttemptEnded#counts counts}; the others are released as ignored by {@link #close}. */
    static void attemptEnded(AttemptEnded event) {
        if (event.counts()) {
            event.attempt().leases().record(event.outcome(), event.headers());
        }
    }

    /** Releases as ignored what has not been reported; a no-op for what has. */
    @Override
    public void close() {
        permit.onIgnored();
        if (slot != null) {
            slot.onIgnored();
        }
        if (charge != null) {
            charge.onNotSent();
        }
    }
}
