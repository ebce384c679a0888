package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JmhAllocationTest {

    @Test
    void readsBytesAndTimePerCallOfThePassThroughBenchmarkFromJmhCsv() {
        List<String> csv = List.of(
                "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\"",
                "\"io.llmfailover.benchmarks.GatewayBenchmark.passThrough\",\"avgt\",1,3,4512.250000,820.100000,\"ns/op\"",
                "\"io.llmfailover.benchmarks.GatewayBenchmark.passThrough:gc.alloc.rate\",\"avgt\",1,3,900.5,10.0,\"MB/sec\"",
                "\"io.llmfailover.benchmarks.GatewayBenchmark.passThrough:gc.alloc.rate.norm\",\"avgt\",1,3,1336.0,0.5,\"B/op\"",
                "\"io.llmfailover.benchmarks.GatewayBenchmark.passThrough:gc.count\",\"avgt\",1,3,12.0,NaN,\"counts\"");

        JmhAllocation.Figures figures = JmhAllocation.parse(csv);

        assertEquals(1336.0, figures.bytesPerCall());
        assertEquals(4512.25, figures.nanosPerCall());
    }

    @Test
    void aMissingFigureIsNotANumber() {
        JmhAllocation.Figures figures = JmhAllocation.parse(List.of("\"Benchmark\",\"Mode\""));

        assertEquals(Double.NaN, figures.bytesPerCall());
    }
}
