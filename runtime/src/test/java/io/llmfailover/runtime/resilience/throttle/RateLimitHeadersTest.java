package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RateLimitHeadersTest {

    private static final long NOW = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final OptionalLong NONE = OptionalLong.empty();

    static Stream<Arguments> exhaustedLimits() {
        return Stream.of(
                Arguments.of("OpenAI requests spent", OptionalLong.of(20_000), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "20s",
                        "x-ratelimit-remaining-tokens", "1000", "x-ratelimit-reset-tokens", "6m0s")),
                Arguments.of("OpenAI tokens spent, Go duration with fraction", OptionalLong.of(179_560), Headers.of(
                        "x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", "2m59.56s")),
                Arguments.of("sub-millisecond reset rounds up", OptionalLong.of(1), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "500us")),
                Arguments.of("Azure: integer seconds", OptionalLong.of(60_000), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "60")),
                Arguments.of("Azure: -1 reset is no wait", OptionalLong.of(0), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "-1")),
                Arguments.of("both spent: the longer wait", OptionalLong.of(360_000), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "1s",
                        "x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", "6m0s")),
                Arguments.of("Anthropic input tokens spent", OptionalLong.of(30_000), Headers.of(
                        "anthropic-ratelimit-input-tokens-remaining", "0",
                        "anthropic-ratelimit-input-tokens-reset", "2026-01-01T00:00:30Z",
                        "anthropic-ratelimit-requests-remaining", "49",
                        "anthropic-ratelimit-requests-reset", "2026-01-01T00:05:00Z")),
                Arguments.of("Anthropic reset with an offset", OptionalLong.of(1_500), Headers.of(
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", "2026-01-01T01:00:01.5+01:00")),
                Arguments.of("Anthropic reset in the past", OptionalLong.of(0), Headers.of(
                        "anthropic-ratelimit-output-tokens-remaining", "0",
                        "anthropic-ratelimit-output-tokens-reset", "2025-12-31T23:00:00Z")),
                Arguments.of("names in any case", OptionalLong.of(20_000), Headers.of(
                        "X-RateLimit-Remaining-Requests", "0", "X-RATELIMIT-RESET-REQUESTS", "20s")),
                Arguments.of("Anthropic names in any case", OptionalLong.of(30_000), Headers.of(
                        "Anthropic-RateLimit-Tokens-Remaining", "0",
                        "Anthropic-Ratelimit-Tokens-Reset", "2026-01-01T00:00:30Z")),
                Arguments.of("both providers' limits spent: the longer wait", OptionalLong.of(30_000), Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "1s",
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", "2026-01-01T00:00:30Z")),
                Arguments.of("a name that only starts like a limit", NONE, Headers.of(
                        "x-ratelimit-", "0", "anthropic-ratelimit-note", "0")),
                Arguments.of("something remains", NONE, Headers.of(
                        "x-ratelimit-remaining-requests", "3", "x-ratelimit-reset-requests", "20s")),
                Arguments.of("spent but no reset", NONE, Headers.of("x-ratelimit-remaining-requests", "0")),
                Arguments.of("spent, unreadable reset", NONE, Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "soon")),
                Arguments.of("unreadable remaining", NONE, Headers.of(
                        "x-ratelimit-remaining-requests", "none", "x-ratelimit-reset-requests", "20s")),
                Arguments.of("Anthropic reset not RFC 3339", NONE, Headers.of(
                        "anthropic-ratelimit-tokens-remaining", "0", "anthropic-ratelimit-tokens-reset", "30s")),
                Arguments.of("no headers", NONE, HttpHeaders.EMPTY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exhaustedLimits")
    void exhaustedResetIsTheWaitUntilASpentLimitResets(String description, OptionalLong expected, HttpHeaders headers) {
        assertEquals(expected, RateLimitHeaders.exhaustedResetMillis(headers, NOW));
    }

    static Stream<Arguments> announcedResets() {
        return Stream.of(
                Arguments.of("the longest of OpenAI's resets", OptionalLong.of(360_000), Headers.of(
                        "x-ratelimit-remaining-requests", "12", "x-ratelimit-reset-requests", "1s",
                        "x-ratelimit-remaining-tokens", "5000", "x-ratelimit-reset-tokens", "6m0s")),
                Arguments.of("a reset without a remaining count", OptionalLong.of(12), Headers.of(
                        "x-ratelimit-reset-requests", "12ms")),
                Arguments.of("the longest of Anthropic's resets", OptionalLong.of(59_000), Headers.of(
                        "anthropic-ratelimit-requests-reset", "2026-01-01T00:00:02Z",
                        "anthropic-ratelimit-tokens-reset", "2026-01-01T00:00:59Z")),
                Arguments.of("unreadable resets are skipped", OptionalLong.of(2_000), Headers.of(
                        "x-ratelimit-reset-requests", "2s", "x-ratelimit-reset-tokens", "later")),
                Arguments.of("nothing readable", NONE, Headers.of("x-ratelimit-reset-tokens", "later")),
                Arguments.of("no headers", NONE, HttpHeaders.EMPTY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("announcedResets")
    void resetIsTheLongestAnnouncedWait(String description, OptionalLong expected, HttpHeaders headers) {
        assertEquals(expected, RateLimitHeaders.resetMillis(headers, NOW));
    }

    @Test
    void everyAnnouncedLimitIsReadWhateverTheCaseOfItsNamesAndWhicheverProviderSentIt() {
        HttpHeaders headers = Headers.of(
                "Content-Type", "application/json",
                "X-RateLimit-Limit-Requests", "10000", "X-RateLimit-Remaining-Requests", "9999",
                "X-RateLimit-Reset-Requests", "6ms",
                "x-ratelimit-remaining-tokens", "29999950", "x-ratelimit-reset-tokens", "0s",
                "anthropic-ratelimit-output-tokens-remaining", "800",
                "anthropic-ratelimit-output-tokens-reset", "2026-01-01T00:00:02Z",
                "anthropic-ratelimit-output-tokens-limit", "1000");

        assertEquals(List.of(
                        new RateLimitHeaders.Announced(false, 9999, 10000, 6),
                        new RateLimitHeaders.Announced(true, 29999950, -1, 0),
                        new RateLimitHeaders.Announced(true, 800, 1000, 2000)),
                RateLimitHeaders.announced(headers, NOW));
        assertEquals(List.of(), RateLimitHeaders.announced(Headers.of("content-type", "application/json"), NOW));
    }

    static Stream<Arguments> absurdResets() {
        return Stream.of(
                Arguments.of("Anthropic reset in the year 999999999", OptionalLong.of(Long.MAX_VALUE), Headers.of(
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", "+999999999-12-31T23:59:59Z")),
                Arguments.of("Anthropic reset in the year -999999999", OptionalLong.of(0), Headers.of(
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", "-999999999-01-01T00:00:00Z")),
                Arguments.of("Anthropic reset with an absurd offset", NONE, Headers.of(
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", "2026-01-01T00:00:00+99:00")),
                Arguments.of("Azure seconds past the range of a long", OptionalLong.of(Long.MAX_VALUE), Headers.of(
                        "x-ratelimit-remaining-requests", "0",
                        "x-ratelimit-reset-requests", "99999999999999999999999")),
                Arguments.of("a Go duration past the range of a long", NONE, Headers.of(
                        "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "9999999999999999999h")),
                Arguments.of("remaining with an absurd exponent", NONE, Headers.of(
                        "x-ratelimit-remaining-requests", "0e999999999999", "x-ratelimit-reset-requests", "1s")));
    }

    /** H3 (issue #10): an absurd value saturates or is ignored (the throttle caps the wait); it never throws. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("absurdResets")
    void H3_absurdResetsSaturateOrAreIgnoredNeverThrown(String description, OptionalLong expected, HttpHeaders headers) {
        assertEquals(expected, RateLimitHeaders.exhaustedResetMillis(headers, NOW));
        RateLimitHeaders.resetMillis(headers, NOW); // reads every reset, spent or not: must not throw either
    }
}
