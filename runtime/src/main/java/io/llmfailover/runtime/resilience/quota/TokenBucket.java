package io.llmfailover.runtime.resilience.quota;

/**
 * A token bucket on a nanosecond clock: it holds at most {@code capacity} tokens and refills
 * continuously at {@code tokensPerNano}. Taking more than it holds is refused; {@link #charge}
 * may leave it in debt (a call that turned out bigger than estimated), which later refill repays.
 * Not thread-safe: its owner ({@link KeyQuota}) serialises access.
 */
final class TokenBucket {

    private static final long NANOS_PER_MINUTE = 60_000_000_000L;

    private final double capacity;
    private final double tokensPerNano;
    private double level;
    private long lastNanos;

    TokenBucket(double capacity, double level, double tokensPerNano, long nowNanos) {
        this.capacity = capacity;
        this.level = Math.min(level, capacity);
        this.tokensPerNano = tokensPerNano;
        this.lastNanos = nowNanos;
    }

    /** {@code provider.<name>.rpm} or {@code .tpm}: full at first, {@code perMinute} / 60 back each second. */
    static TokenBucket perMinute(long perMinute, long nowNanos) {
        return new TokenBucket(perMinute, perMinute, (double) perMinute / NANOS_PER_MINUTE, nowNanos);
    }

    /**
     * What a provider announced on a success. With its limit: the provider's own bucket, mirrored,
     * holding {@code remaining} now and full again ({@code limit}) at the reset, as OpenAI and
     * Anthropic define it. Without: only {@code remaining} is known to be spendable before the
     * reset, so it is spread evenly over the time left rather than spent at once.
     */
    static TokenBucket announced(long remaining, long limit, long nanosToReset, long nowNanos) {
        long window = Math.max(1, nanosToReset);
        if (limit > 0 && limit >= remaining) {
            return new TokenBucket(limit, remaining, (double) (limit - remaining) / window, nowNanos);
        }
        return new TokenBucket(Math.max(remaining, 1), 0, (double) remaining / window, nowNanos);
    }

    /** 0 when {@code amount} can be taken now; else how long until it can; {@link Long#MAX_VALUE} if never. */
    long nanosUntil(double amount, long nowNanos) {
        refill(nowNanos);
        if (level >= amount) {
            return 0;
        }
        if (amount > capacity || tokensPerNano <= 0) {
            return Long.MAX_VALUE;
        }
        return (long) Math.ceil((amount - level) / tokensPerNano);
    }

    /** Takes {@code amount}, into debt if need be. */
    void charge(double amount, long nowNanos) {
        refill(nowNanos);
        level -= amount;
    }

    /** Gives back {@code amount} (a call never sent, or smaller than estimated), never beyond capacity. */
    void refund(double amount, long nowNanos) {
        refill(nowNanos);
        level = Math.min(capacity, level + amount);
    }

    double level(long nowNanos) {
        refill(nowNanos);
        return level;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastNanos;
        if (elapsed > 0) {
            level = Math.min(capacity, level + elapsed * tokensPerNano);
            lastNanos = nowNanos;
        }
    }
}
