package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.log.RepeatSummary;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.Clock;
import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * The failover lines of the log, written by the walk itself so that they appear whether telemetry
 * is on or off, and once. A line that repeats (the same failover on every call while a provider is
 * down) is logged the first time, then at most once per period with the number it stands for.
 */
final class FailoverLog {

    static final Duration PERIOD = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.failover");

    private final RepeatSummary lines;

    FailoverLog(Clock clock) {
        this.lines = new RepeatSummary(clock, PERIOD);
    }

    /** The call moved from one provider to the next, for {@code reason} (an {@link AttemptOutcome#token()}). */
    void movedOn(String from, String to, String reason, CallScope call) {
        long repeats = lines.occurred(from + " > " + to + " " + reason);
        if (repeats >= 0 && LOG.isInfoEnabled()) {
            withIds(LOG.atInfo(), call).log("llm-failover: failover from {} to {} ({}){}", from, to, reason, since(repeats));
        }
    }

    /** The call failed over from {@code from} and found no provider left that it could try. */
    void nothingLeft(String from, String reason, CallScope call) {
        long repeats = lines.occurred(from + " > (none) " + reason);
        if (repeats >= 0 && LOG.isInfoEnabled()) {
            withIds(LOG.atInfo(), call).log("llm-failover: failover from {} found no provider left to answer ({}){}", from, reason,
                    since(repeats));
        }
    }

    /** A stream from {@code broken} broke after reaching the app and the chain's next provider finished it. */
    void streamResumed(String broken, int deliveredChars) {
        long repeats = lines.occurred(broken + " stream resumed");
        if (repeats >= 0 && LOG.isInfoEnabled()) {
            LOG.info("llm-failover: the stream from {} broke after {} characters of text; the next provider finished it "
                    + "(stream.resume){}", broken, deliveredChars, since(repeats));
        }
    }

    /**
     * A stream from {@code provider} broke after reaching the app, which got an error event. Names
     * the cause's type and those of its causes, never a message: a client's message may hold the
     * URL, and Gemini's carries the key in its query.
     */
    void streamBroke(String provider, IOException cause) {
        long repeats = lines.occurred(provider + " stream broke");
        if (repeats >= 0 && LOG.isWarnEnabled()) {
            LOG.warn("llm-failover: the stream from {} broke off after reaching the app, which got an error event ({}){}",
                    provider, causeTypes(cause), since(repeats));
        }
    }

    /** The types of a failure and its first causes, outermost first: {@code a.B <- c.D}. */
    private static String causeTypes(Throwable failure) {
        StringBuilder types = new StringBuilder(failure.getClass().getName());
        Throwable cause = failure.getCause();
        for (int depth = 0; cause != null && cause != failure && depth < 3; depth++, cause = cause.getCause()) {
            types.append(" <- ").append(cause.getClass().getName());
        }
        return types.toString();
    }

    /**
     * A fallback answered the request the agent made for it in a way that is its own failure (a
     * redirect, a refused key or model, a body that cannot be translated). Names the key by its id,
     * never the key.
     */
    void fallbackFault(String provider, String keyId, int status, AttemptOutcome outcome, CallScope call) {
        long repeats = lines.occurred(provider + " " + keyId + " answered " + status + " " + outcome.token());
        if (repeats >= 0 && LOG.isWarnEnabled()) {
            String check = keyId.startsWith(ProviderIdentity.ID_PREFIX)
                    ? "its url, region, what its cloud identity may do and its model map" : "its url, api-key and model map";
            withIds(LOG.atWarn(), call).log("llm-failover: fallback {} (key {}) answered HTTP {} ({}); counted as its failure, not the caller's; "
                    + "check {}{}", provider, keyId, status, outcome.token(), check, since(repeats));
        }
    }

    /** The call's trace and span ids on the line, where telemetry names the call: {@code agent.log.format = json} shows them. */
    private static LoggingEventBuilder withIds(LoggingEventBuilder line, CallScope call) {
        String traceId = call.traceId();
        return traceId == null ? line : line.addKeyValue("trace_id", traceId).addKeyValue("span_id", call.spanId());
    }

    private static String since(long repeats) {
        return RepeatSummary.standingFor(repeats);
    }
}
