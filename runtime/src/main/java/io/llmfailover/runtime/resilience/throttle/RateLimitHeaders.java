package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * When a provider's announced rate limits reset, read from its response headers.
 *
 * <ul>
 *   <li>OpenAI, Groq, Azure OpenAI: {@code x-ratelimit-remaining-{requests,tokens}} with {@code
 *       x-ratelimit-reset-{requests,tokens}}, a time from now written as a Go duration ({@code
 *       6m0s}) or, on Azure, as a bare number of seconds.
 *   <li>Anthropic: {@code anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{remaining,reset}},
 *       the reset an RFC 3339 instant ({@code 2026-01-01T00:00:30Z}).
 * </ul>
 *
 * Waits are in milliseconds from {@code nowMillis} (wall-clock), rounded up; a reset in the past is
 * a wait of 0; a reset too far away to count in milliseconds is {@code Long.MAX_VALUE} (the throttle
 * caps it); an unreadable value is treated as absent. Nothing here throws on what a server sends.
 */
public final class RateLimitHeaders {

    private enum ResetFormat {
        /** A time from now: a Go duration, or a bare number of seconds. */
        DELAY {
            @Override
            OptionalLong millisUntil(String value, long nowMillis) {
                Optional<Duration> duration = GoDuration.parse(value);
                return duration.isPresent()
                        ? OptionalLong.of(ceilMillis(duration.get()))
                        : RetryAfter.decimalMillis(Optional.of(value), 1000);
            }
        },
        /** An RFC 3339 instant. */
        INSTANT {
            @Override
            OptionalLong millisUntil(String value, long nowMillis) {
                try {
                    return OptionalLong.of(RetryAfter.millisUntil(Rfc3339.parse(value.strip()), nowMillis));
                } catch (DateTimeException e) {
                    return OptionalLong.empty();
                }
            }
        };

        abstract OptionalLong millisUntil(String value, long nowMillis);
    }

    /**
     * What a success said of one limit: {@code remaining} now, {@code limit} in all (-1 when not
     * announced), full again in {@code resetMillis}.
     *
     * @param tokens true for a token limit, false for a request limit
     */
    public record Announced(boolean tokens, long remaining, long limit, long resetMillis) {}

    /** One announced limit: how much of it is left, and when it resets. */
    private record Limit(String remainingHeader, String resetHeader, ResetFormat format, String limitHeader,
            boolean tokens) {

        Optional<Announced> announced(HttpHeaders headers, long nowMillis) {
            OptionalLong remaining = count(headers, remainingHeader);
            if (remaining.isEmpty()) {
                return Optional.empty(); // another provider's limit: nothing more to look up
            }
            OptionalLong reset = resetMillis(headers, nowMillis);
            if (reset.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Announced(tokens, remaining.getAsLong(), count(headers, limitHeader).orElse(-1),
                    reset.getAsLong()));
        }

        boolean exhausted(HttpHeaders headers) {
            return headers.first(remainingHeader).map(RateLimitHeaders::isZero).orElse(false);
        }

        OptionalLong resetMillis(HttpHeaders headers, long nowMillis) {
            Optional<String> reset = headers.first(resetHeader);
            return reset.isEmpty() ? OptionalLong.empty() : format.millisUntil(reset.get(), nowMillis);
        }
    }

    private static final String OPENAI = "x-ratelimit-";
    private static final String ANTHROPIC = "anthropic-ratelimit-";

    private static final List<Limit> OPENAI_LIMITS = List.of(
            new Limit("x-ratelimit-remaining-requests", "x-ratelimit-reset-requests", ResetFormat.DELAY,
                    "x-ratelimit-limit-requests", false),
            new Limit("x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens", ResetFormat.DELAY,
                    "x-ratelimit-limit-tokens", true));
    private static final List<Limit> ANTHROPIC_LIMITS = List.of(
            anthropic("requests", false),
            anthropic("tokens", true),
            anthropic("input-tokens", true),
            anthropic("output-tokens", true));
    private static final List<Limit> ALL_LIMITS = concat(OPENAI_LIMITS, ANTHROPIC_LIMITS);

    private RateLimitHeaders() {}

    /**
     * When some announced limit has nothing remaining: the wait until its reset (the longest, if
     * several are spent). Empty when nothing is spent or a spent limit gives no readable reset.
     */
    public static OptionalLong exhaustedResetMillis(HttpHeaders headers, long nowMillis) {
        long longest = -1;
        List<Limit> named = limitsNamedIn(headers);
        for (int i = 0; i < named.size(); i++) { // indexed: no iterator on every answer
            Limit limit = named.get(i);
            if (limit.exhausted(headers)) {
                longest = Math.max(longest, limit.resetMillis(headers, nowMillis).orElse(-1));
            }
        }
        return longest < 0 ? OptionalLong.empty() : OptionalLong.of(longest);
    }

    /**
     * The longest wait until any announced limit resets, whatever remains of it: after a 429 that
     * names no wait, the safe guess is that the slowest limit is the one that was hit.
     */
    public static OptionalLong resetMillis(HttpHeaders headers, long nowMillis) {
        long longest = -1;
        for (Limit limit : limitsNamedIn(headers)) {
            longest = Math.max(longest, limit.resetMillis(headers, nowMillis).orElse(-1));
        }
        return longest < 0 ? OptionalLong.empty() : OptionalLong.of(longest);
    }

    /** Every limit a response announced with both what remains and when it resets, for pacing. */
    public static List<Announced> announced(HttpHeaders headers, long nowMillis) {
        List<Announced> announced = null; // most answers announce nothing: no list for them
        List<Limit> named = limitsNamedIn(headers);
        for (int i = 0; i < named.size(); i++) {
            Optional<Announced> one = named.get(i).announced(headers, nowMillis);
            if (one.isPresent()) {
                announced = announced == null ? new ArrayList<>(2) : announced;
                announced.add(one.get());
            }
        }
        return announced == null ? List.of() : announced;
    }

    /**
     * The limits of the providers whose prefix some header carries: an answer with none of a
     * provider's headers is passed over in one look at its names, not one lookup per limit header.
     */
    private static List<Limit> limitsNamedIn(HttpHeaders headers) {
        boolean openAi = headers.hasNameStartingWith(OPENAI);
        boolean anthropic = headers.hasNameStartingWith(ANTHROPIC);
        if (openAi) {
            return anthropic ? ALL_LIMITS : OPENAI_LIMITS;
        }
        return anthropic ? ANTHROPIC_LIMITS : List.of();
    }

    private static List<Limit> concat(List<Limit> first, List<Limit> second) {
        List<Limit> both = new ArrayList<>(first);
        both.addAll(second);
        return List.copyOf(both);
    }

    private static Limit anthropic(String kind, boolean tokens) {
        String prefix = ANTHROPIC + kind;
        return new Limit(prefix + "-remaining", prefix + "-reset", ResetFormat.INSTANT, prefix + "-limit", tokens);
    }

    /** A whole, non-negative count; fractions round down, so what is learnt is never more than was said. */
    private static OptionalLong count(HttpHeaders headers, String name) {
        Optional<String> value = headers.first(name);
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        String text = value.get().strip();
        long digits = plainDigits(text);
        if (digits >= 0) {
            return OptionalLong.of(digits);
        }
        try {
            BigDecimal number = new BigDecimal(text);
            return number.signum() < 0 ? OptionalLong.empty()
                    : OptionalLong.of(number.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue());
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static boolean isZero(String remaining) {
        String text = remaining.strip();
        long digits = plainDigits(text);
        if (digits >= 0) {
            return digits == 0;
        }
        try {
            return new BigDecimal(text).signum() == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The value of 1 to 18 decimal digits and nothing else, as every answer writes its counts; -1 for anything else. */
    private static long plainDigits(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static long ceilMillis(Duration duration) {
        if (duration.isNegative()) {
            return 0;
        }
        long millis = duration.toMillis();
        return duration.minusMillis(millis).isZero() ? millis : millis + 1;
    }
}
