package io.llmfailover.benchmarks;

import io.llmfailover.runtime.protocol.bridge.ModelRewrite;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** A fallback on the same protocol with another model name: the body's model replaced. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ModelRewriteBenchmark {

    @Param({"1024", "32768"})
    public int bodyBytes;

    private byte[] body;

    @Setup
    public void setUp() {
        body = Bodies.chatCompletion(bodyBytes, "gpt-4o", false);
    }

    @Benchmark
    public byte[] rewriteModel() {
        return ModelRewrite.apply(body, "gpt-4o", "gpt-4o-mini");
    }

    /** The common case: the fallback takes the same model name, and the body is reused as it is. */
    @Benchmark
    public byte[] sameModel() {
        return ModelRewrite.apply(body, "gpt-4o", "gpt-4o");
    }
}
