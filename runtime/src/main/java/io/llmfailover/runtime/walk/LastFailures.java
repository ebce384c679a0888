package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last failure each provider gave this instance (a 429, a 5xx, a timeout …), for the
 * operator's view. Keyed by configured provider names only, so bounded by the config.
 */
public final class LastFailures implements AttemptEvents.Listener {

    /** When it happened (the clock's epoch millis) and what it was ({@code rate_limited}, {@code timeout}). */
    public record Failure(long epochMillis, AttemptOutcome outcome) {}

    private final Map<String, Failure> byProvider = new ConcurrentHashMap<>();
    private final Clock clock;

    public LastFailures(Clock clock) {
        this.clock = clock;
    }

    /** The failures of every provider not in {@code changed}, for a reloaded config. */
    public LastFailures carriedOver(Set<String> changed) {
        LastFailures next = new LastFailures(clock);
        byProvider.forEach((provider, failure) -> {
            if (!changed.contains(provider)) {
                next.byProvider.put(provider, failure);
            }
        });
        return next;
    }

    /** Notes {@code outcome} for {@code provider} when it says the provider failed; other outcomes are not its failures. */
    void note(String provider, AttemptOutcome outcome) {
        if (isProvidersFailure(outcome)) {
            byProvider.put(provider, new Failure(clock.currentTimeMillis(), outcome));
        }
    }

    /** Notes the provider's failure when an attempt's ending {@linkplain AttemptEnded#counts counts}. */
    @Override
    public void attemptEnded(AttemptEnded event) {
        if (event.counts()) {
            note(event.provider().name(), event.outcome());
        }
    }

    public Optional<Failure> of(String provider) {
        return Optional.ofNullable(byProvider.get(provider));
    }

    private static boolean isProvidersFailure(AttemptOutcome outcome) {
        return switch (outcome) {
            case SUCCESS, CALLER_ERROR, CONTEXT_OVERFLOW, CANCELLED, HEDGE_LOST, INTERNAL_FAILURE -> false;
            default -> true;
        };
    }
}
