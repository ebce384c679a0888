package io.llmfailover.benchmarks;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.route.RouteTable;
import java.net.URI;
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
import org.openjdk.jmh.annotations.Warmup;

/** Which route a call takes: the provider lookup by URL, then the model pattern match. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RouteMatchingBenchmark {

    private ProviderDirectory directory;
    private RouteTable routes;
    private Provider primary;
    private Provider claude;
    private final URI chatUri = URI.create("http://127.0.0.1:18001/v1/chat/completions");
    private final URI otherHost = URI.create("https://example.com/v1/chat/completions");

    @Setup
    public void setUp() {
        FailoverConfig config = BenchmarkConfig.load(BenchmarkConfig.TYPICAL);
        directory = ProviderDirectory.of(config.providers().values());
        routes = RouteTable.of(config.routes(), name -> directory.byName(name).orElseThrow());
        primary = directory.byName("primary").orElseThrow();
        claude = directory.byName("claude").orElseThrow();
    }

    /** The check every outgoing request of the app pays, governed or not. */
    @Benchmark
    public boolean governsUngovernedHost() {
        return directory.governs(otherHost);
    }

    @Benchmark
    public Optional<Provider> addressedProvider() {
        return directory.addressed(chatUri);
    }

    @Benchmark
    public Route modelPatternRoute() {
        return routes.routeFor(primary, "gpt-4o-mini-2024-07-18");
    }

    @Benchmark
    public Route providerOnlyRoute() {
        return routes.routeFor(primary, "gpt-4.1");
    }

    @Benchmark
    public Route noRoute() {
        return routes.routeFor(claude, "claude-sonnet-4-5");
    }
}
