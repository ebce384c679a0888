package io.llmfailover.runtime.resilience.quota;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.resilience.throttle.RateLimitHeaders;
import io.llmfailover.runtime.resilience.throttle.RateLimitHeaders.Announced;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * What one attempt took from its key's quota, a lease in the manner of a throttle slot: given
 * back whole when the attempt is never sent ({@link #onNotSent()}), kept once it was ({@link
 * #onSent}), and corrected from the usage the answer reports ({@link #settle}). A success's
 * rate-limit headers teach the key's quota what the provider really has left.
 */
public final class QuotaCharge {

    private final QuotaBook book;
    private final String quotaKey;
    private final long tokens;
    /** 0, then 1 once sent: a flag without an AtomicBoolean of its own, one object fewer on every call. */
    private volatile int sent;
    private static final AtomicIntegerFieldUpdater<QuotaCharge> SENT = AtomicIntegerFieldUpdater.newUpdater(QuotaCharge.class, "sent");
    /** 0, then 1 once settled. */
    private volatile int settled;
    private static final AtomicIntegerFieldUpdater<QuotaCharge> SETTLED = AtomicIntegerFieldUpdater.newUpdater(QuotaCharge.class, "settled");
    /** Null for a key without a quota yet: created only when a success announces one. */
    private volatile KeyQuota quota;
    /** Whether the quota counts this call as in flight until its answer comes. */
    private final boolean inFlight;

    /** The configured limits the fleet's buckets were charged for, or null when they were not. */
    private final ProviderLimits fleetCharged;

    QuotaCharge(QuotaBook book, String quotaKey, KeyQuota quota, long tokens) {
        this(book, quotaKey, quota, tokens, null);
    }

    QuotaCharge(QuotaBook book, String quotaKey, KeyQuota quota, long tokens, ProviderLimits fleetCharged) {
        this.book = book;
        this.quotaKey = quotaKey;
        this.quota = quota;
        this.tokens = tokens;
        this.inFlight = quota != null;
        this.fleetCharged = fleetCharged;
    }

    /** The attempt reached the provider; a success's headers teach the key's quota. */
    public void onSent(boolean success, HttpHeaders headers) {
        if (!SENT.compareAndSet(this, 0, 1)) {
            return;
        }
        if (inFlight) {
            quota.answered(tokens);
        }
        if (!success) {
            return;
        }
        List<Announced> announced = RateLimitHeaders.announced(headers, book.clock().currentTimeMillis());
        if (!announced.isEmpty()) {
            if (quota == null) {
                quota = book.quotaOf(quotaKey);
            }
            quota.learn(announced, book.clock().nanoTime());
        }
    }

    /** The attempt was never sent: what it took is given back. A no-op once sent. */
    public void onNotSent() {
        if (SENT.compareAndSet(this, 0, 1) && quota != null) {
            quota.refund(1, tokens, book.clock().nanoTime());
            if (fleetCharged != null) {
                book.fleet().giveBack(quotaKey, 1, tokens, fleetCharged);
            }
        }
    }

    /** The call used {@code actualTokens} in all, as its answer's usage says: the estimate is corrected, once. */
    public void settle(long actualTokens) {
        KeyQuota charged = quota;
        if (charged != null && metersTokens() && SETTLED.compareAndSet(this, 0, 1)) {
            charged.correct(actualTokens - tokens, book.clock().nanoTime());
            if (fleetCharged != null && actualTokens < tokens) {
                book.fleet().giveBack(quotaKey, 0, tokens - actualTokens, fleetCharged);
            }
        }
    }

    /** The answer's body, watched for its usage to {@link #settle} with; the body itself when tokens are not metered. */
    public InputStream settledBy(InputStream body, HttpHeaders responseHeaders) {
        return body == null || !metersTokens() ? body : new UsageSettlingStream(body, responseHeaders, this);
    }

    /** True when tokens were charged, so the answer's usage is worth reading. */
    public boolean metersTokens() {
        return tokens > 0;
    }

    long tokens() {
        return tokens;
    }
}
