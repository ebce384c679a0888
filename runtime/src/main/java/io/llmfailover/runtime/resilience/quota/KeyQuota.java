package io.llmfailover.runtime.resilience.quota;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.resilience.throttle.RateLimitHeaders.Announced;
import java.util.List;

/**
 * What one key may still send, in requests and tokens: the configured buckets ({@code rpm},
 * {@code tpm}) and the ones learnt from the provider's rate-limit headers, which last until the
 * reset they announced. A call must fit every bucket there is, so the stricter always wins.
 */
final class KeyQuota {

    private final TokenBucket requests;
    private final TokenBucket tokens;
    private Learned learnedRequests;
    private Learned learnedTokens;
    /** Requests charged and sent, and their tokens, whose answers have not come yet. */
    private long inFlightRequests;
    private long inFlightTokens;

    /** An announced limit, believed until its reset. */
    private record Learned(TokenBucket bucket, long untilNanos) {}

    KeyQuota(ProviderLimits limits, long nowNanos) {
        requests = limits.rpm() > 0 ? TokenBucket.perMinute(limits.rpm(), nowNanos) : null;
        tokens = limits.tpm() > 0 ? TokenBucket.perMinute(limits.tpm(), nowNanos) : null;
    }

    /** True when a call's token estimate matters here: worth computing only then. */
    synchronized boolean metersTokens(long nowNanos) {
        forgetExpired(nowNanos);
        return tokens != null || learnedTokens != null;
    }

    /** True when the operator set a token quota ({@code tpm}), which a call's tokens are counted exactly for. */
    boolean hasTokenQuota() {
        return tokens != null;
    }

    /** Charges one request and {@code tokenCount} tokens and returns 0; or charges nothing and returns the wait. */
    synchronized long tryCharge(long tokenCount, long nowNanos) {
        return tryCharge(tokenCount, nowNanos, false);
    }

    /**
     * As {@link #tryCharge(long, long)}; when {@code fleetAllowed}, the fleet's buckets already
     * allowed the configured limits, so only what was learnt from the provider may refuse (the
     * instance's own configured buckets are charged all the same, to carry on from should the
     * fleet's store go away).
     */
    synchronized long tryCharge(long tokenCount, long nowNanos, boolean fleetAllowed) {
        forgetExpired(nowNanos);
        long wait = Math.max(wait(bucket(learnedRequests), 1, nowNanos), wait(bucket(learnedTokens), tokenCount, nowNanos));
        if (!fleetAllowed) {
            wait = Math.max(wait, Math.max(wait(requests, 1, nowNanos), wait(tokens, tokenCount, nowNanos)));
        }
        if (wait > 0) {
            return wait;
        }
        charge(1, tokenCount, nowNanos);
        inFlightRequests++;
        inFlightTokens += tokenCount;
        return 0;
    }

    /** A charge for a call that was never sent, given back. */
    synchronized void refund(long requestCount, long tokenCount, long nowNanos) {
        charge(-requestCount, -tokenCount, nowNanos);
        landed(requestCount, tokenCount);
    }

    /** A charged call's answer came: the provider has counted it. */
    synchronized void answered(long tokenCount) {
        landed(1, tokenCount);
    }

    private void landed(long requestCount, long tokenCount) {
        inFlightRequests = Math.max(0, inFlightRequests - requestCount);
        inFlightTokens = Math.max(0, inFlightTokens - tokenCount);
    }

    /** The call used {@code extraTokens} more than was charged (fewer, when negative). */
    synchronized void correct(long extraTokens, long nowNanos) {
        charge(0, extraTokens, nowNanos);
    }

    /**
     * A success's headers: what remains of each limit replaces what was learnt before, the stricter
     * of a kind wins. What remains is less the calls still in flight, which the provider may not
     * have counted yet but will; and, for a limit announced with its size (so mirrored), never more
     * than the mirror learnt before holds now, since answers overtake each other and an older one
     * says more remains than there does.
     */
    synchronized void learn(List<Announced> announced, long nowNanos) {
        forgetExpired(nowNanos);
        Announced requestLimit = strictest(announced, false);
        Announced tokenLimit = strictest(announced, true);
        if (requestLimit != null) {
            learnedRequests = learned(requestLimit, inFlightRequests, learnedRequests, nowNanos);
        }
        if (tokenLimit != null) {
            learnedTokens = learned(tokenLimit, inFlightTokens, learnedTokens, nowNanos);
        }
    }

    private void charge(long requestCount, long tokenCount, long nowNanos) {
        move(requests, requestCount, nowNanos);
        move(bucket(learnedRequests), requestCount, nowNanos);
        move(tokens, tokenCount, nowNanos);
        move(bucket(learnedTokens), tokenCount, nowNanos);
    }

    private static void move(TokenBucket bucket, long amount, long nowNanos) {
        if (bucket == null || amount == 0) {
            return;
        }
        if (amount > 0) {
            bucket.charge(amount, nowNanos);
        } else {
            bucket.refund(-amount, nowNanos);
        }
    }

    private static long wait(TokenBucket bucket, long amount, long nowNanos) {
        return bucket == null ? 0 : bucket.nanosUntil(amount, nowNanos);
    }

    private static TokenBucket bucket(Learned learned) {
        return learned == null ? null : learned.bucket();
    }

    private void forgetExpired(long nowNanos) {
        if (learnedRequests != null && nowNanos - learnedRequests.untilNanos() >= 0) {
            learnedRequests = null;
        }
        if (learnedTokens != null && nowNanos - learnedTokens.untilNanos() >= 0) {
            learnedTokens = null;
        }
    }

    private static Learned learned(Announced limit, long inFlight, Learned before, long nowNanos) {
        long nanosToReset = Math.multiplyExact(Math.min(limit.resetMillis(), Long.MAX_VALUE / 2_000_000L), 1_000_000L);
        long remaining = Math.max(0, limit.remaining() - inFlight);
        if (before != null && limit.limit() > 0) {
            // A mirror of the provider's bucket: it cannot hold more now than the one learnt before.
            remaining = Math.min(remaining, (long) Math.max(0, Math.floor(before.bucket().level(nowNanos))));
        }
        return new Learned(TokenBucket.announced(remaining, limit.limit(), nanosToReset, nowNanos), nowNanos + nanosToReset);
    }

    private static Announced strictest(List<Announced> announced, boolean tokens) {
        Announced strictest = null;
        for (Announced limit : announced) {
            if (limit.tokens() == tokens && (strictest == null || limit.remaining() < strictest.remaining())) {
                strictest = limit;
            }
        }
        return strictest;
    }
}
