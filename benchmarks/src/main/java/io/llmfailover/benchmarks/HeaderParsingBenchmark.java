package io.llmfailover.benchmarks;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.resilience.throttle.GoDuration;
import io.llmfailover.runtime.resilience.throttle.RateLimitHeaders;
import io.llmfailover.runtime.resilience.throttle.RetryAfter;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Reading the waits providers announce: Retry-After in its forms, rate-limit resets, Go durations. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HeaderParsingBenchmark {

    private static final long NOW = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private final HttpHeaders retryAfterSeconds = HttpHeaders.builder().add("retry-after", "2").build();
    private final HttpHeaders retryAfterMillis = HttpHeaders.builder().add("retry-after-ms", "1500").build();
    private final HttpHeaders retryAfterDate = HttpHeaders.builder()
            .add("retry-after", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    Instant.ofEpochMilli(NOW + 30_000).atOffset(ZoneOffset.UTC)))
            .build();
    private final HttpHeaders openAiLimits = HttpHeaders.builder()
            .add("x-ratelimit-remaining-requests", "0")
            .add("x-ratelimit-reset-requests", "2m59.56s")
            .add("x-ratelimit-remaining-tokens", "1200")
            .add("x-ratelimit-reset-tokens", "6m0s")
            .build();
    private final HttpHeaders anthropicLimits = HttpHeaders.builder()
            .add("anthropic-ratelimit-requests-remaining", "0")
            .add("anthropic-ratelimit-requests-reset", "2026-01-01T00:00:30Z")
            .add("anthropic-ratelimit-tokens-remaining", "8000")
            .add("anthropic-ratelimit-tokens-reset", "2026-01-01T00:00:05Z")
            .build();
    private final HttpHeaders noLimits = HttpHeaders.builder().add("content-type", "application/json").build();
    /** An OpenAI success as it comes: every limit announced, none spent, beside the usual headers. */
    private final HttpHeaders openAiSuccess = HttpHeaders.builder()
            .add("date", "Thu, 01 Jan 2026 00:00:00 GMT")
            .add("content-type", "application/json")
            .add("content-length", "310")
            .add("x-ratelimit-limit-requests", "10000")
            .add("x-ratelimit-remaining-requests", "9999")
            .add("x-ratelimit-reset-requests", "6ms")
            .add("x-ratelimit-limit-tokens", "30000000")
            .add("x-ratelimit-remaining-tokens", "29999950")
            .add("x-ratelimit-reset-tokens", "0s")
            .add("openai-processing-ms", "412")
            .add("x-request-id", "req_0123456789abcdef")
            .build();

    @Benchmark
    public OptionalLong retryAfterSeconds() {
        return RetryAfter.waitMillis(retryAfterSeconds, NOW);
    }

    @Benchmark
    public OptionalLong retryAfterMillis() {
        return RetryAfter.waitMillis(retryAfterMillis, NOW);
    }

    @Benchmark
    public OptionalLong retryAfterHttpDate() {
        return RetryAfter.waitMillis(retryAfterDate, NOW);
    }

    @Benchmark
    public OptionalLong openAiExhaustedReset() {
        return RateLimitHeaders.exhaustedResetMillis(openAiLimits, NOW);
    }

    @Benchmark
    public OptionalLong anthropicExhaustedReset() {
        return RateLimitHeaders.exhaustedResetMillis(anthropicLimits, NOW);
    }

    /** What every success pays when the provider sends no rate-limit header at all. */
    @Benchmark
    public OptionalLong noRateLimitHeaders() {
        return RateLimitHeaders.exhaustedResetMillis(noLimits, NOW);
    }

    /** An Anthropic success as it comes: four limits announced, each with a reset instant. */
    private final HttpHeaders anthropicSuccess = HttpHeaders.builder()
            .add("date", "Thu, 01 Jan 2026 00:00:00 GMT")
            .add("content-type", "application/json")
            .add("anthropic-ratelimit-requests-limit", "4000")
            .add("anthropic-ratelimit-requests-remaining", "3999")
            .add("anthropic-ratelimit-requests-reset", "2026-01-01T00:00:01Z")
            .add("anthropic-ratelimit-tokens-limit", "480000")
            .add("anthropic-ratelimit-tokens-remaining", "479000")
            .add("anthropic-ratelimit-tokens-reset", "2026-01-01T00:00:02Z")
            .add("anthropic-ratelimit-input-tokens-limit", "400000")
            .add("anthropic-ratelimit-input-tokens-remaining", "399000")
            .add("anthropic-ratelimit-input-tokens-reset", "2026-01-01T00:00:02Z")
            .add("anthropic-ratelimit-output-tokens-limit", "80000")
            .add("anthropic-ratelimit-output-tokens-remaining", "80000")
            .add("anthropic-ratelimit-output-tokens-reset", "2026-01-01T00:00:00Z")
            .add("request-id", "req_0123456789abcdef")
            .build();

    /** What an Anthropic success costs the throttle and the quotas. */
    @Benchmark
    public int anthropicSuccessRead() {
        return RateLimitHeaders.exhaustedResetMillis(anthropicSuccess, NOW).hashCode()
                + RateLimitHeaders.announced(anthropicSuccess, NOW).size();
    }

    /** What an OpenAI success costs the throttle and the quotas: the spent limits, then every announced one. */
    @Benchmark
    public int openAiSuccessRead() {
        return RateLimitHeaders.exhaustedResetMillis(openAiSuccess, NOW).hashCode()
                + RateLimitHeaders.announced(openAiSuccess, NOW).size();
    }

    @Benchmark
    public Optional<Duration> goDuration() {
        return GoDuration.parse("2m59.56s");
    }
}
