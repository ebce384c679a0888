package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.outcome.AttemptOutcome;

/** One attempt of a call against one provider. */
public interface AttemptScope {

    /** The headers to add to the attempt's request (trace context); none by default. */
    default HttpHeaders traceHeaders(LlmRequest request) {
        return HttpHeaders.EMPTY;
    }

    /**
     * The translation to the target's protocol dropped these request fields (names only, never
     * values), because the target cannot express them.
     */
    default void translationDropped(java.util.List<String> fields) {}

    /** This attempt was sent alongside the call's first, which had no content after {@code hedge.after}. */
    default void hedged() {}

    /** A drill took this attempt over: {@code fault} as the config wrote it ({@code 429}, {@code hang}). */
    default void drilled(String fault) {}

    /**
     * @param status the response status, or 0 when no response head arrived
     * @param failsOver whether the call moves on to the next provider
     */
    void ended(int status, AttemptOutcome outcome, boolean failsOver, Throwable error);

    AttemptScope NOOP = (status, outcome, failsOver, error) -> {};
}
