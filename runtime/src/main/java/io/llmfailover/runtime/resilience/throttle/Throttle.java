package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The throttle of one provider and key: an {@link AimdLimit} on concurrent calls, and a silence
 * during which the key is skipped (never waited on) because the provider asked for quiet.
 *
 * <p>Use: {@link #tryAcquire()} before a call; when it is {@code ALLOWED}, report exactly one
 * outcome for that call on the {@link ThrottleSlot} it carries. Every method is lock-free and
 * returns at once.
 *
 * <ul>
 *   <li>The concurrency limit is not enforced until the provider first says slow down (a 429 or
 *       529): the agent must never refuse a call with its own 429 before the provider has sent
 *       one. From then on the AIMD limit applies, starting from {@code initialLimit} halved.
 *   <li>A slot whose call was told to wait is given back only once the silence is in force, so
 *       that no call waiting for the slot is sent in between, into the provider's window.
 *   <li>A 429 or 529 halves the limit and silences the key for the server's wait: {@code
 *       retry-after-ms} / {@code retry-after}, else the longest announced rate-limit reset, else one
 *       second. A 429 that arrives while the key is already silent belongs to the same burst: it can
 *       lengthen the silence but does not halve the limit again (one cut per congestion event).
 *   <li>When a silence ends, one call probes the key alone: until a call succeeds, no more than one
 *       is in flight, so the calls that waited out the silence do not all arrive at once at a
 *       provider that may still be limiting (a herd the next 429 would only multiply). The first
 *       success lets the halved limit apply.
 *   <li>A success releases its slot and creeps the limit back (see {@link AimdLimit}); if its headers
 *       say a limit has nothing remaining, the key is silent until that limit resets.
 *   <li>An exhausted quota silences the key until the reset the server gives (retry-after, or a
 *       spent limit's reset), else for {@code maxSilence}.
 *   <li>Silences never exceed {@code maxSilence}, only ever lengthen, and end by time alone. No
 *       header value, however absurd, throws: a wait too long to represent is {@code maxSilence}.
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
    private final Silence silence;
    /** Whether the provider ever said slow down: only then does the concurrency limit apply. */
    private volatile boolean limitInForce;
    /** Since the last 429 or 529, until a success: one call at a time. */
    private volatile boolean probing;
    private final List<ThrottleListener> listeners = new CopyOnWriteArrayList<>();
    private final IntSupplier fleetSize;

    /**
     * @param name names the provider and key in events, logs and metrics; it is printed, so it must
     *     never be the key itself (use the key's position in its pool, or a fingerprint)
     */
    public Throttle(String name, ThrottleSettings settings, Clock clock) {
        this(name, settings, clock, () -> 1);
    }

    /**
     * @param fleetSize how many instances share this key's limit: each holds its share, never less
     *     than one call
     */
    public Throttle(String name, ThrottleSettings settings, Clock clock, IntSupplier fleetSize) {
        this.fleetSize = Objects.requireNonNull(fleetSize, "fleetSize");
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.silence = new Silence(settings.maxSilence(), clock);
        this.limit = new AtomicReference<>(
                AimdLimit.initial(settings.initialLimit(), settings.minLimit(), settings.maxLimit()));
    }

    public String name() {
        return name;
    }

    public void addListener(ThrottleListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** ALLOWED carries a {@link ThrottleSlot}, which exactly one outcome report gives back. */
    public ThrottleDecision tryAcquire() {
        long silence = nanosUntilAllowed();
        if (silence > 0) {
            return ThrottleDecision.silenced(silence);
        }
        while (true) {
            int running = inFlight.get();
            if (limitInForce && running >= (probing ? 1 : share(limit.get().limit()))) {
                return ThrottleDecision.OVER_LIMIT;
            }
            if (inFlight.compareAndSet(running, running + 1)) {
                return ThrottleDecision.allowed(new ThrottleSlot(this));
            }
        }
    }

    /**
     * The call succeeded; {@code responseHeaders} may announce that a limit is now spent.
     *
     * @param drilled whether a drill took the call over: a silence it starts is then {@link SilenceReason#DRILL}'s
     */
    void onSuccess(HttpHeaders responseHeaders, boolean drilled) {
        int running;
        try {
            if (settings.enabled()) {
                RateLimitHeaders.exhaustedResetMillis(responseHeaders, clock.currentTimeMillis())
                        .ifPresent(wait -> silenceFor(drilled ? SilenceReason.DRILL : SilenceReason.LIMIT_REACHED, wait));
            }
        } finally {
            running = release();
        }
        if (!settings.enabled()) {
            return;
        }
        probing = false;
        if (limitInForce) {
            updateLimit(current -> current.afterSuccess(running));
        }
    }

    /** The provider answered 429 or 529. */
    void onRateLimited(HttpHeaders responseHeaders, boolean drilled) {
        try {
            if (!settings.enabled()) {
                return;
            }
            limitInForce = true;
            probing = true;
            boolean sameBurst = silenceFor(drilled ? SilenceReason.DRILL : SilenceReason.RATE_LIMITED,
                    rateLimitWaitMillis(responseHeaders, clock.currentTimeMillis()));
            if (!sameBurst) {
                updateLimit(AimdLimit::afterRateLimit);
            }
        } finally {
            release();
        }
    }

    /** The key is out of quota or credit (OpenAI {@code insufficient_quota}, a 402): it will not pass soon. */
    void onQuotaExhausted(HttpHeaders responseHeaders, boolean drilled) {
        try {
            if (!settings.enabled()) {
                return;
            }
            long nowMillis = clock.currentTimeMillis();
            OptionalLong wait = RetryAfter.waitMillis(responseHeaders, nowMillis);
            if (wait.isEmpty()) {
                wait = RateLimitHeaders.exhaustedResetMillis(responseHeaders, nowMillis);
            }
            silenceFor(drilled ? SilenceReason.DRILL : SilenceReason.QUOTA_EXHAUSTED, wait.orElse(Long.MAX_VALUE));
        } finally {
            release();
        }
    }

    /** Any other outcome (a server error, a timeout, the caller's 400): the slot is given back, nothing learnt. */
    void onReleased() {
        release();
    }

    /** 0 when not silenced. */
    public long nanosUntilAllowed() {
        if (!settings.enabled()) {
            return 0;
        }
        return silence.nanosLeft();
    }

    /**
     * Another instance of the fleet was told to leave this key alone for {@code waitMillis}: so does
     * this one, for at most its own {@code max-silence} whatever the fleet says, and from then on it
     * keeps to its share of the limit, as the one told does.
     */
    public void silenceForFleet(long waitMillis) {
        if (settings.enabled()) {
            limitInForce = true;
            silenceFor(SilenceReason.FLEET, waitMillis);
        }
    }

    /** This instance's share of a limit the fleet holds together, rounded up. */
    private int share(int fleetLimit) {
        int instances = Math.max(1, fleetSize.getAsInt());
        return Math.max(1, (fleetLimit + instances - 1) / instances);
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

    /**
     * How long a 429 or 529 with these headers asks for quiet: its Retry-After, else the longest
     * announced rate-limit reset, else one second.
     */
    public static long rateLimitWaitMillis(HttpHeaders headers, long nowMillis) {
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
    private boolean silenceFor(SilenceReason reason, long waitMillis) {
        Silence.Lengthening asked = silence.lengthen(waitMillis);
        if (asked.lengthened()) {
            listeners.forEach(listener -> notify(listener,
                    l -> l.onSilenced(this, reason, asked.untilNanos(), asked.length())));
        }
        return asked.wasRunning();
    }

    private void notify(ThrottleListener listener, Consumer<ThrottleListener> event) {
        try {
            event.accept(listener);
        } catch (RuntimeException e) {
            LOG.warn("llm-failover: throttle listener {} failed on an event of {}", listener, name, e);
        }
    }
}
