package io.llmfailover.benchmarks;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleDecision;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A throttle's permission and release, and the key pool's choice over the state store, as every
 * attempt pays them. A success reads the provider's rate-limit headers, so it is measured with a
 * typical OpenAI set of them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ThrottleBenchmark {

    private static final HttpHeaders OPENAI_SUCCESS = HttpHeaders.builder()
            .add("content-type", "application/json")
            .add("x-ratelimit-limit-requests", "10000")
            .add("x-ratelimit-remaining-requests", "9999")
            .add("x-ratelimit-reset-requests", "6ms")
            .add("x-ratelimit-limit-tokens", "2000000")
            .add("x-ratelimit-remaining-tokens", "1999850")
            .add("x-ratelimit-reset-tokens", "4ms")
            .build();

    private Throttle throttle;
    private KeyPool keys;
    private Provider appKeyProvider;
    private Provider pooledProvider;

    @Setup
    public void setUp() {
        FailoverConfig config = BenchmarkConfig.load(BenchmarkConfig.TYPICAL);
        throttle = new Throttle("primary#app", config.throttle(), Clock.SYSTEM);
        keys = new KeyPool(new LocalResilienceState(config.breaker(), config.throttle(), Clock.SYSTEM, List.of(), List.of()));
        ProviderDirectory directory = ProviderDirectory.of(config.providers().values());
        appKeyProvider = directory.byName("primary").orElseThrow();
        pooledProvider = directory.byName("pool").orElseThrow();
    }

    @Benchmark
    public ThrottleDecision acquireAndRelease() {
        ThrottleDecision decision = throttle.tryAcquire();
        decision.slot().onIgnored();
        return decision;
    }

    @Benchmark
    public ThrottleDecision acquireAndSucceedWithRateLimitHeaders() {
        ThrottleDecision decision = throttle.tryAcquire();
        decision.slot().onSuccess(OPENAI_SUCCESS);
        return decision;
    }

    /** The app's own credential: one state lookup by provider and key id. */
    @Benchmark
    public KeyPool.Choice chooseAppKey() {
        KeyPool.Choice choice = keys.choose(appKeyProvider, null);
        choice.decision().slot().onIgnored();
        return choice;
    }

    /** A pool of three keys, round robin. */
    @Benchmark
    public KeyPool.Choice choosePooledKey() {
        KeyPool.Choice choice = keys.choose(pooledProvider, null);
        choice.decision().slot().onIgnored();
        return choice;
    }
}
