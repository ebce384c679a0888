package io.llmfailover.runtime.telemetry.otel;

/**
 * Which finished calls get their spans written. With {@code otel.traces.sampler = llm_failover},
 * every call that failed over, was hedged or drilled, was answered from the last-resort cache or ended in an
 * error is kept, and a share ({@code otel.traces.sampler.arg}, by trace id) of the others; decided
 * when the call is over, so a failover is never sampled away. With the standard samplers every
 * call is handed to the SDK, whose sampler decides as usual. Metrics count every call either way.
 */
final class SpanKeeping {

    /** The sampler name that keeps every call that failed over. */
    static final String KEEP_FAILOVERS = "llm_failover";

    private final boolean keepsAll;
    private final long threshold;

    private SpanKeeping(boolean keepsAll, double ratio) {
        this.keepsAll = keepsAll;
        this.threshold = (long) (Math.max(0, Math.min(1, ratio)) * Long.MAX_VALUE);
    }

    static SpanKeeping of(ExportSettings settings) {
        return of(settings.sampler(), TelemetrySdk.ratio(settings.samplerArg()));
    }

    static SpanKeeping of(String sampler, double ratio) {
        return new SpanKeeping(!KEEP_FAILOVERS.equals(sampler), ratio);
    }

    boolean keeps(GenAiCallScope call) {
        return keepsAll || eventful(call) || byTraceId(call.traceId());
    }

    private static boolean eventful(GenAiCallScope call) {
        if (call.errorType() != null || call.fromCache() || call.resumesFrom() != null || call.attempts().size() != 1) {
            return true;
        }
        GenAiAttemptScope only = call.attempts().get(0);
        return only.failsOver() || only.wasHedged() || only.drill() != null;
    }

    /** The same decision for the same trace on every instance: the trace id's low 63 bits against the ratio. */
    private boolean byTraceId(String traceId) {
        return (Long.parseUnsignedLong(traceId.substring(16), 16) >>> 1) < threshold;
    }
}
