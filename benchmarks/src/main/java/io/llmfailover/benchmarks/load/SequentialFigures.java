package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;

/** What one arm measured over its blocks of one-at-a-time calls: every latency and time to first token. */
record SequentialFigures(Percentiles latency, Percentiles firstToken, long errors) {

    static SequentialFigures merge(List<Command> blocks) {
        List<SampleLog> latencies = new ArrayList<>();
        List<SampleLog> firstTokens = new ArrayList<>();
        long errors = 0;
        for (Command block : blocks) {
            latencies.add(SampleLog.parseCsv(block.get("latency")));
            firstTokens.add(SampleLog.parseCsv(block.get("ttft")));
            errors += block.number("errors");
        }
        return new SequentialFigures(new Percentiles(SampleLog.merged(latencies)),
                new Percentiles(SampleLog.merged(firstTokens)), errors);
    }
}
