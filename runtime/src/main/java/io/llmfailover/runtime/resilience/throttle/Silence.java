package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long one key is left alone because its provider asked for quiet. A silence never exceeds
 * {@code throttle.max-silence}, only ever lengthens, and ends by time alone; a wait too long to
 * represent is the longest allowed. Lock-free.
 */
final class Silence {

    /** A silence longer than this (about 73 years) could wrap the nanoTime arithmetic. */
    private static final long LONGEST_SILENCE_NANOS = Long.MAX_VALUE / 4;

    private final Clock clock;
    private final long maxSilenceNanos;
    private final AtomicLong untilNanos;

    Silence(Duration maxSilence, Clock clock) {
        if (maxSilence.isNegative()) {
            throw new IllegalArgumentException("throttle.max-silence must not be negative, got " + maxSilence);
        }
        this.clock = clock;
        this.maxSilenceNanos = saturatedNanos(maxSilence);
        this.untilNanos = new AtomicLong(clock.nanoTime());
    }

    /** 0 when the key is not silent. */
    long nanosLeft() {
        return Math.max(0, untilNanos.get() - clock.nanoTime());
    }

    /** Keeps the key silent for {@code waitMillis} (capped at max-silence) unless it already is for longer. */
    Lengthening lengthen(long waitMillis) {
        long now = clock.nanoTime();
        long lengthNanos = Math.min(TimeUnit.MILLISECONDS.toNanos(Math.max(0, waitMillis)), maxSilenceNanos);
        long until = now + lengthNanos;
        long previous = untilNanos.getAndAccumulate(until, Silence::later);
        return new Lengthening(previous - now > 0, lengthNanos > 0 && until - previous > 0, until,
                Duration.ofNanos(lengthNanos));
    }

    /**
     * What one ask for quiet did.
     *
     * @param wasRunning whether a silence was already running when it was asked for
     * @param lengthened whether the silence now ends later than it did
     * @param untilNanos when the silence asked for ends, on the throttle's clock
     * @param length how long the silence asked for is, capped at max-silence
     */
    record Lengthening(boolean wasRunning, boolean lengthened, long untilNanos, Duration length) {}

    /** {@code throttle.max-silence} in nanoseconds, however long it was written. */
    private static long saturatedNanos(Duration duration) {
        return duration.compareTo(Duration.ofNanos(LONGEST_SILENCE_NANOS)) > 0 ? LONGEST_SILENCE_NANOS : duration.toNanos();
    }

    /** The later of two nanoTime instants, safe across the numeric wrap of nanoTime. */
    private static long later(long a, long b) {
        return b - a > 0 ? b : a;
    }
}
