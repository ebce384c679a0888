package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * The call-level instruments: the GenAI client metrics (with {@code llm_failover.provider}, the
 * configured name of who answered, beside the semconv attributes), failovers counted by reason, the
 * queue's waits and the last-resort cache's answers.
 */
final class GenAiMetrics {

    /** The semantic conventions' advice for operation duration, in seconds. */
    static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56,
            5.12, 10.24, 20.48, 40.96, 81.92);
    /** ... and for token counts. */
    static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L, 262144L,
            1048576L, 4194304L, 16777216L, 67108864L);

    final DoubleHistogram operationDuration;
    final LongHistogram tokenUsage;
    final DoubleHistogram timeToFirstChunk;
    final LongCounter failovers;
    final DoubleHistogram queueWait;
    final LongCounter cacheAnswers;

    GenAiMetrics(Meter meter) {
        operationDuration = meter.histogramBuilder("gen_ai.client.operation.duration")
                .setDescription("Duration of GenAI client operations, failovers included")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
        tokenUsage = meter.histogramBuilder("gen_ai.client.token.usage")
                .setDescription("Tokens used per GenAI operation")
                .setUnit("{token}")
                .ofLongs()
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS)
                .build();
        timeToFirstChunk = meter.histogramBuilder("gen_ai.client.operation.time_to_first_chunk")
                .setDescription("Time from the request to the first chunk of a streamed response reaching the app")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
        queueWait = meter.histogramBuilder("llm_failover.queue.wait")
                .setDescription("Time a call waited in the queue for a step of its chain to free up")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
        cacheAnswers = meter.counterBuilder("llm_failover.cache.answers")
                .setDescription("Calls answered from the last-resort cache because every step of their chain failed")
                .setUnit("{call}")
                .build();
        failovers = meter.counterBuilder("llm_failover.failovers")
                .setDescription("Attempts that failed over to the next provider of the chain, by reason")
                .setUnit("{failover}")
                .build();
    }

    void recordFailover(String provider, String reason) {
        failovers.add(1, Attributes.of(FailoverAttributes.PROVIDER, provider, FailoverAttributes.FAILOVER_REASON,
                reason));
    }
}
