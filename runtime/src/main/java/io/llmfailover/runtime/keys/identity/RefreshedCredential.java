package io.llmfailover.runtime.keys.identity;

import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cloud credential resolved and renewed on a thread of the agent's own, never on a call's: a call
 * takes the last one resolved, or finds none and fails over. Renewed every {@link #RENEW_AT_MOST}, or
 * halfway to its expiry when that comes sooner; a failed resolution is tried again after
 * {@link #RETRY_FIRST}, doubling up to {@link #RETRY_AT_MOST}, and the last good credential is used
 * meanwhile as long as it has not expired.
 *
 * @param <T> the credential, whose value is a secret: never logged, never in {@code toString()}
 */
public final class RefreshedCredential<T> {

    static final Duration RENEW_AT_MOST = Duration.ofMinutes(5);
    static final Duration RENEW_AT_LEAST = Duration.ofSeconds(10);
    static final Duration RETRY_FIRST = Duration.ofSeconds(5);
    static final Duration RETRY_AT_MOST = Duration.ofMinutes(2);

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover");

    /** Resolves the credential; may block (a metadata server), on the renewing thread only. */
    @FunctionalInterface
    public interface Resolver<T> {
        T resolve() throws Exception;
    }

    private record Resolved<T>(T value, Instant expiry) {}

    private final String name;
    private final Resolver<T> resolver;
    private final Function<T, Instant> expiryOf;
    private final Scheduler scheduler;
    private final Clock clock;
    private volatile Resolved<T> held;
    private Duration retry = RETRY_FIRST;
    private boolean failing;

    /**
     * @param name what the credential is, for log lines: {@code AWS credentials}
     * @param expiryOf when a credential expires; null for one that does not
     */
    public RefreshedCredential(String name, Resolver<T> resolver, Function<T, Instant> expiryOf, Scheduler scheduler,
            Clock clock) {
        this.name = name;
        this.resolver = resolver;
        this.expiryOf = expiryOf;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /** Resolves the first credential, in the background. */
    public RefreshedCredential<T> start() {
        scheduler.schedule(0, this::renew);
        return this;
    }

    /** The credential to use now; null before the first is resolved or once the last has expired. */
    public T current() {
        Resolved<T> now = held;
        if (now == null || (now.expiry() != null && !now.expiry().isAfter(Instant.ofEpochMilli(clock.currentTimeMillis())))) {
            return null;
        }
        return now.value();
    }

    private void renew() {
        Duration next;
        try {
            T value = resolver.resolve();
            Instant expiry = value == null ? null : expiryOf.apply(value);
            if (value == null) {
                throw new IllegalStateException("none found");
            }
            held = new Resolved<>(value, expiry);
            next = untilRenewal(expiry);
            retry = RETRY_FIRST;
            if (failing) {
                LOG.info("llm-failover: {} resolved", name);
                failing = false;
            }
        } catch (Exception | LinkageError failure) {
            next = retry;
            retry = retry.multipliedBy(2).compareTo(RETRY_AT_MOST) > 0 ? RETRY_AT_MOST : retry.multipliedBy(2);
            if (!failing) {
                // The failure's own words, never the credential (there is none).
                LOG.warn("llm-failover: cannot resolve {} ({}); the providers that need them are passed over until "
                        + "they are found, tried again in the background", name, failure.toString());
                failing = true;
            }
        }
        scheduler.schedule(next.toNanos(), this::renew);
    }

    private Duration untilRenewal(Instant expiry) {
        if (expiry == null) {
            return RENEW_AT_MOST;
        }
        Duration half = Duration.ofMillis(expiry.toEpochMilli() - clock.currentTimeMillis()).dividedBy(2);
        if (half.compareTo(RENEW_AT_LEAST) < 0) {
            return RENEW_AT_LEAST;
        }
        return half.compareTo(RENEW_AT_MOST) > 0 ? RENEW_AT_MOST : half;
    }

    @Override
    public String toString() {
        return "RefreshedCredential[" + name + (held == null ? ", none yet" : "") + "]"; // never the value
    }
}
