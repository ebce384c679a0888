package io.llmfailover.runtime.resilience.quota;

/**
 * The answer of {@link QuotaBook#tryCharge}: the charge taken, or how long until the call would fit.
 *
 * @param charge null when the key is over its quota
 * @param nanosUntilAllowed when over quota, the wait until the call would fit ({@link Long#MAX_VALUE}: never, it is
 *     bigger than the quota itself); 0 otherwise
 */
public record QuotaDecision(QuotaCharge charge, long nanosUntilAllowed) {

    public boolean allowed() {
        return charge != null;
    }
}
