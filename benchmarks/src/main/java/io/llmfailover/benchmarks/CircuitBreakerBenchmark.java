package io.llmfailover.benchmarks;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.ManualClock;
import java.util.Optional;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/** A breaker's permission and outcome recording, as every attempt pays them. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CircuitBreakerBenchmark {

    private CircuitBreaker closed;
    private CircuitBreaker open;

    @Setup
    public void setUp() {
        BreakerSettings settings = FailoverConfig.defaults().breaker();
        closed = new CircuitBreaker("primary/gpt-4o", settings, Clock.SYSTEM);
        // An open breaker whose open duration never ends: every permission is a refusal.
        ManualClock frozen = new ManualClock();
        open = new CircuitBreaker("down/gpt-4o", settings, frozen);
        for (int i = 0; i < settings.consecutiveFailures(); i++) {
            open.tryAcquire().ifPresent(BreakerPermit::onFailure);
        }
    }

    @Benchmark
    public boolean permitAndRecordSuccess() {
        Optional<BreakerPermit> permit = closed.tryAcquire();
        permit.ifPresent(BreakerPermit::onSuccess);
        return permit.isPresent();
    }

    /** Both cores hammering one breaker: the sliding window's shared counters under contention. */
    @Benchmark
    @Threads(2)
    public boolean permitAndRecordSuccessContended() {
        Optional<BreakerPermit> permit = closed.tryAcquire();
        permit.ifPresent(BreakerPermit::onSuccess);
        return permit.isPresent();
    }

    @Benchmark
    public boolean refuseWhileOpen() {
        return open.tryAcquire().isPresent();
    }
}
