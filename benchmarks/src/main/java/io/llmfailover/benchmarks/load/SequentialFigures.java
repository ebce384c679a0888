package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;

/**
 * What one arm measured over its blocks of one-at-a-time calls: every latency and time to first
 * token, and how many calls the app retried itself because it saw a 5xx.
 */
record SequentialFigures(Percentiles latency, Percentiles firstToken, long errors, long ownRetries) {

    static SequentialFigures merge(List<Command> blocks) {
        List<SampleLog> latencies = new ArrayList<>();
        List<SampleLog> firstTokens = new ArrayList<>();
        long errors = 0;
        long ownRetries = 0;
        for (Command block : blocks) {
            ownRetries += block.number("ownRetries");
            latencies.add(SampleLog.parseCsv(block.get("latency")));
            firstTokens.add(SampleLog.parseCsv(block.get("ttft")));
            errors += block.number("errors");
        }
        return new SequentialFigures(new Percentiles(SampleLog.merged(latencies)),
                new Percentiles(SampleLog.merged(firstTokens)), errors, ownRetries);
    }
}
