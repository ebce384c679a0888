package io.llmfailover.runtime.throttle;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The throttle of one provider and key: an {@link AimdLimit} on concurrent calls, and a silence
 * during which the key is skipped (never waited on) because the provider asked for quiet.
 *
 * <p>Use: {@link #tryAcquire()} before a call; when it is {@code ALLOWED}, report exactly one
 * outcome for that call: {@link #onSuccess}, {@link #onRateLimited}, {@link #onQuotaExhausted} or
 * {@link #onReleased}. Every method is lock-free and returns at once.
 *
 * <ul>
 *   <li>A 429 or 529 halves the limit and silences the key for the server's wait: {@code
 *       retry-after-ms} / {@code retry-after}, else the longest announced rate-limit reset, else one
 *       second. A 429 that arrives while the key is already silent belongs to the same burst: it can
 *       lengthen the silence but does not halve the limit again (one cut per congestion event).
 *   <li>A success releases its slot and creeps the limit back (see {@link AimdLimit}); if its headers
 *       say a limit has nothing remaining, the key is silent until that limit resets.
 *   <li>An exhausted quota silences the key until the reset the server gives (retry-after, or a
 *       spent limit's reset), else for {@code maxSilence}.
 *   <li>Silences never exceed {@code maxSilence}, only ever lengthen, and end by time alone.
 * </ul>
 *
 * <p>With {@code throttle.enabled = false} the throttle only counts calls in flight: {@link
 * #tryAcquire()} always allows, the limit never moves, and no header silences the key (not even a
 * Retry-After; the breaker and the failover chain still see the 429 itself).
 */
public final class Throttle {

    private static final Logger LOG = LoggerFactory.getLogger(Throttle.class);

    /** The silence after a 429 that names no wait at all. */
    static final Duration DEFAULT_RATE_LIMIT_SILENCE = Duration.ofSeconds(1);

    private static final IntUnaryOperator RELEASE = inFlight -> inFlight > 0 ? inFlight - 1 : 0;

    private final String name;
    private final ThrottleSettings settings;
    private final Clock clock;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicReference<AimdLimit> limit;
    private final AtomicLong silencedUntilNanos;
    private final List<ThrottleListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * @param name names the provider and key in events, logs and metrics; it is printed, so it must
     *     never be the key itself (use the key's position in its pool, or a fingerprint)
     */
    public Throttle(String name, ThrottleSettings settings, Clock clock) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (settings.maxSilence().isNegative()) {
            throw new IllegalArgumentException(
                    "throttle.max-silence must not be negative, got " + settings.maxSilence());
        }
        this.limit = new AtomicReference<>(
                AimdLimit.initial(settings.initialLimit(), settings.minLimit(), settings.maxLimit()));
        this.silencedUntilNanos = new AtomicLong(clock.nanoTime());
    }

    public String name() {
        return name;
    }

    public void addListener(ThrottleListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** ALLOWED takes a slot that exactly one outcome report gives back. */
    public ThrottleDecision tryAcquire() {
        if (!settings.enabled()) {
            inFlight.incrementAndGet();
            return ThrottleDecision.ALLOWED;
        }
        long silence = nanosUntilAllowed();
        if (silence > 0) {
            return ThrottleDecision.silenced(silence);
        }
        while (true) {
            int running = inFlight.get();
            if (running >= limit.get().limit()) {
                return ThrottleDecision.OVER_LIMIT;
            }
            if (inFlight.compareAndSet(running, running + 1)) {
                return ThrottleDecision.ALLOWED;
            }
        }
    }

    /** The call succeeded; {@code responseHeaders} may announce that a limit is now spent. */
    public void onSuccess(HttpHeaders responseHeaders) {
        int running = release();
        if (!settings.enabled()) {
            return;
        }
        updateLimit(current -> current.afterSuccess(running));
        RateLimitHeaders.exhaustedResetMillis(responseHeaders, clock.currentTimeMillis())
                .ifPresent(wait -> silence(SilenceReason.LIMIT_REACHED, wait));
    }

    /** The provider answered 429 or 529. */
    public void onRateLimited(HttpHeaders responseHeaders) {
        release();
        if (!settings.enabled()) {
            return;
        }
        boolean sameBurst = silence(SilenceReason.RATE_LIMITED, rateLimitWaitMillis(responseHeaders));
        if (!sameBurst) {
            updateLimit(AimdLimit::afterRateLimit);
        }
    }

    /** The key is out of quota or credit (OpenAI {@code insufficient_quota}, a 402): it will not pass soon. */
    public void onQuotaExhausted(HttpHeaders responseHeaders) {
        release();
        if (!settings.enabled()) {
            return;
        }
        long nowMillis = clock.currentTimeMillis();
        OptionalLong wait = RetryAfter.waitMillis(responseHeaders, nowMillis);
        if (wait.isEmpty()) {
            wait = RateLimitHeaders.exhaustedResetMillis(responseHeaders, nowMillis);
        }
        silence(SilenceReason.QUOTA_EXHAUSTED, wait.orElse(settings.maxSilence().toMillis()));
    }

    /** Any other outcome (a server error, a timeout, the caller's 400): the slot is given back, nothing learnt. */
    public void onReleased() {
        release();
    }

    /** 0 when not silenced. */
    public long nanosUntilAllowed() {
        if (!settings.enabled()) {
            return 0;
        }
        return Math.max(0, silencedUntilNanos.get() - clock.nanoTime());
    }

    public int limit() {
        return limit.get().limit();
    }

    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public String toString() {
        return "Throttle[" + name + ", limit " + limit() + ", in flight " + inFlight() + "]";
    }

    private long rateLimitWaitMillis(HttpHeaders headers) {
        long nowMillis = clock.currentTimeMillis();
        OptionalLong wait = RetryAfter.waitMillis(headers, nowMillis);
        if (wait.isEmpty()) {
            wait = RateLimitHeaders.resetMillis(headers, nowMillis);
        }
        return wait.orElse(DEFAULT_RATE_LIMIT_SILENCE.toMillis());
    }

    /** @return the number in flight before this release */
    private int release() {
        return inFlight.getAndUpdate(RELEASE);
    }

    private void updateLimit(UnaryOperator<AimdLimit> step) {
        while (true) {
            AimdLimit before = limit.get();
            AimdLimit after = step.apply(before);
            if (after == before) {
                return;
            }
            if (limit.compareAndSet(before, after)) {
                if (after.limit() != before.limit()) {
                    listeners.forEach(listener ->
                            notify(listener, l -> l.onLimitChanged(this, before.limit(), after.limit())));
                }
                return;
            }
        }
    }

    /**
     * Silences the key for {@code waitMillis} (capped at maxSilence) unless it already is for longer.
     *
     * @return whether a silence was already running when this one was asked for
     */
    private boolean silence(SilenceReason reason, long waitMillis) {
        long now = clock.nanoTime();
        Duration length = Duration.ofMillis(Math.max(0, Math.min(waitMillis, settings.maxSilence().toMillis())));
        long until = now + length.toNanos();
        long previous = silencedUntilNanos.getAndAccumulate(until, Throttle::later);
        if (!length.isZero() && until - previous > 0) {
            listeners.forEach(listener -> notify(listener, l -> l.onSilenced(this, reason, until, length)));
        }
        return previous - now > 0;
    }

    /** The later of two nanoTime instants, safe across the numeric wrap of nanoTime. */
    private static long later(long a, long b) {
        return b - a > 0 ? b : a;
    }

    private void notify(ThrottleListener listener, Consumer<ThrottleListener> event) {
        try {
            event.accept(listener);
        } catch (RuntimeException e) {
            LOG.warn("Throttle listener {} failed on an event of {}", listener, name, e);
        }
    }
}
