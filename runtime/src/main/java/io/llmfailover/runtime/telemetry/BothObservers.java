package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.route.Route;
import java.util.List;

/** Two observers told the same things, the first one's answer handed on to the second. */
final class BothObservers implements CallObserver {

    private final CallObserver first;
    private final CallObserver second;

    BothObservers(CallObserver first, CallObserver second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public CallScope callStarted(RecognizedCall call, Route route) {
        return new Scopes(first.callStarted(call, route), second.callStarted(call, route));
    }

    private record Scopes(CallScope first, CallScope second) implements CallScope {
        @Override
        public void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {
            first.skipped(provider, model, reason, nanosUntilAllowed);
            second.skipped(provider, model, reason, nanosUntilAllowed);
        }

        @Override
        public AttemptScope attemptStarted(int number, Provider provider, TargetRequest target, boolean translated,
                String keyId, BreakerState breakerState) {
            return new Attempts(first.attemptStarted(number, provider, target, translated, keyId, breakerState),
                    second.attemptStarted(number, provider, target, translated, keyId, breakerState));
        }

        @Override
        public LlmResponse answered(LlmResponse response, Provider servedBy) {
            return second.answered(first.answered(response, servedBy), servedBy);
        }

        @Override
        public String traceId() {
            return first.traceId() != null ? first.traceId() : second.traceId();
        }

        @Override
        public String spanId() {
            return first.traceId() != null ? first.spanId() : second.spanId();
        }

        @Override
        public void servedFromCache() {
            first.servedFromCache();
            second.servedFromCache();
        }

        @Override
        public void queued(long waitedNanos) {
            first.queued(waitedNanos);
            second.queued(waitedNanos);
        }

        @Override
        public void resumes(String brokenProvider) {
            first.resumes(brokenProvider);
            second.resumes(brokenProvider);
        }

        @Override
        public void failed(Throwable error) {
            first.failed(error);
            second.failed(error);
        }
    }

    private record Attempts(AttemptScope first, AttemptScope second) implements AttemptScope {
        @Override
        public HttpHeaders traceHeaders(LlmRequest request) {
            HttpHeaders fromFirst = first.traceHeaders(request);
            return fromFirst.isEmpty() ? second.traceHeaders(request) : fromFirst;
        }

        @Override
        public void translationDropped(List<String> fields) {
            first.translationDropped(fields);
            second.translationDropped(fields);
        }

        @Override
        public void hedged() {
            first.hedged();
            second.hedged();
        }

        @Override
        public void drilled(String fault) {
            first.drilled(fault);
            second.drilled(fault);
        }

        @Override
        public void ended(int status, AttemptOutcome outcome, boolean failsOver, Throwable error) {
            first.ended(status, outcome, failsOver, error);
            second.ended(status, outcome, failsOver, error);
        }
    }
}
