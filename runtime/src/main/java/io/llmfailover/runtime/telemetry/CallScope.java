package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;

/** One logical call, from the app's request to the answer it gets. */
public interface CallScope {

    /** A provider of the chain was passed over without touching the network. */
    void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed);

    /**
     * An attempt is about to be sent.
     *
     * @param breakerState the state of the provider's breaker that let the attempt through
     */
    AttemptScope attemptStarted(int number, Provider provider, TargetRequest target, boolean translated, String keyId,
            BreakerState breakerState);

    /**
     * The call is answered. The returned response is what the app gets: an implementation may wrap
     * the body to observe usage and time to first chunk as the app reads it.
     *
     * @param servedBy the provider whose answer this is, null for an answer the gateway made
     */
    LlmResponse answered(LlmResponse response, Provider servedBy);

    /**
     * The answer about to be given is the last-resort cache's: every step failed and an identical
     * request's earlier answer is replayed. Told just before {@link #answered} with no provider.
     */
    default void servedFromCache() {}

    /** The call waited this long in the queue ({@code queue.max-wait}) before it was sent or gave up. */
    default void queued(long waitedNanos) {}

    /**
     * This call finishes a stream from {@code brokenProvider} that broke after reaching the app
     * ({@code stream.resume}): what it answers is the rest of that stream.
     */
    default void resumes(String brokenProvider) {}

    /** The call ends with an exception thrown to the app. */
    void failed(Throwable error);

    /** The call's trace id, for the log lines written about it; null when no telemetry names the call. */
    default String traceId() {
        return null;
    }

    /** The call span's id, as {@link #traceId()}. */
    default String spanId() {
        return null;
    }

    CallScope NOOP = new CallScope() {
        @Override
        public void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {}

        @Override
        public AttemptScope attemptStarted(int number, Provider provider, TargetRequest target, boolean translated,
                String keyId, BreakerState breakerState) {
            return AttemptScope.NOOP;
        }

        @Override
        public LlmResponse answered(LlmResponse response, Provider servedBy) {
            return response;
        }

        @Override
        public void failed(Throwable error) {}
    };
}
