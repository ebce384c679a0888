package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static io.llmfailover.runtime.walk.Chains.keyId;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.AgentFailureAfterSending;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An attempt's ending is published once to every listener the walk registered, in order. A listener
 * that throws stops no other, so no permit is left held because the span (or any other) failed first.
 */
class AttemptEventsTest {

    private static final AttemptEnded ENDED = AttemptEnded.stopped(null, AttemptOutcome.HEDGE_LOST);

    @Test
    void everyListenerIsToldInTheOrderItWasRegistered() {
        List<String> told = new ArrayList<>();
        AttemptEvents events = new AttemptEvents()
                .listen(event -> told.add("leases " + event.outcome()))
                .listen(event -> told.add("span " + event.outcome()));

        events.publish(ENDED);

        assertEquals(List.of("leases HEDGE_LOST", "span HEDGE_LOST"), told);
    }

    @Test
    void aListenerThatThrowsStopsNoOtherAndTheFirstFailureIsRethrownWithTheLaterOnesSuppressed() {
        List<String> told = new ArrayList<>();
        IllegalStateException first = new IllegalStateException("span");
        IllegalArgumentException second = new IllegalArgumentException("log");
        AttemptEvents events = new AttemptEvents()
                .listen(event -> {
                    throw first;
                })
                .listen(event -> told.add("leases"))
                .listen(event -> {
                    throw second;
                })
                .listen(event -> told.add("exhaustion"));

        RuntimeException thrown = assertThrows(RuntimeException.class, () -> events.publish(ENDED));

        assertSame(first, thrown);
        assertArrayEquals(new Throwable[] {second}, thrown.getSuppressed());
        assertEquals(List.of("leases", "exhaustion"), told);
    }

    @Test
    void anErrorOfAListenerStopsNoOtherEither() {
        List<String> told = new ArrayList<>();
        AssertionError error = new AssertionError("span");
        AttemptEvents events = new AttemptEvents()
                .listen(event -> {
                    throw error;
                })
                .listen(event -> told.add("leases"));

        assertSame(error, assertThrows(AssertionError.class, () -> events.publish(ENDED)));
        assertEquals(List.of("leases"), told);
    }

    @Test
    void theEndingOfAnAttemptTheAgentFailedOnKeepsThatFailureWithAListenersOwnSuppressedInIt() {
        List<String> told = new ArrayList<>();
        IllegalStateException internal = new IllegalStateException("agent");
        IllegalArgumentException span = new IllegalArgumentException("span");
        AttemptEvents events = new AttemptEvents()
                .listen(event -> {
                    throw span;
                })
                .listen(event -> told.add("leases"));

        events.publishFailed(AttemptEnded.internalFailure(null, 0, internal), internal);

        assertArrayEquals(new Throwable[] {span}, internal.getSuppressed());
        assertEquals(List.of("leases"), told);
    }

    @Test
    void aSpanThatThrowsAsASuccessEndsLeavesNoPermitHeldAndNothingSentAgain() {
        Walked walked = new Walked(new ThrowingSpans());
        walked.transport.on(PRIMARY, ok(ANSWER));

        assertThrows(AgentFailureAfterSending.class, () -> walked.gateway.execute(chat(), walked.transport));

        assertEquals(0, walked.state.throttle("primary", Chains.appKeyId(chat())).inFlight());
        assertEquals(1, walked.transport.sentTo(PRIMARY));
        assertEquals(0, walked.transport.sentTo(BACKUP), "sent once: an internal failure is never a failover");
    }

    @Test
    void aSpanThatThrowsAsAnErrorEndsStillCountsTheErrorAndReleasesTheKey() throws IOException {
        Walked walked = new Walked(new ThrowingSpans());
        walked.transport.on(PRIMARY, status(503, "{\"error\":{\"message\":\"down\"}}"));
        walked.transport.on(BACKUP, ok(ANSWER));

        LlmResponse answer = walked.gateway.execute(chat(), walked.transport);

        assertEquals(503, answer.status(), "the best answer so far: the exhaustion tally heard the 503 despite the span");
        assertEquals(0, walked.state.throttle("primary", Chains.appKeyId(chat())).inFlight());
        assertEquals(0, walked.state.throttle("backup", keyId("backup-key")).inFlight());
        assertEquals(0, walked.transport.sentTo(BACKUP), "sent once: an internal failure is never a failover");
        answer.close();
    }

    @Test
    void theSettledEndingSaysWhatEachListenerNeeds() {
        BufferedResponse kept = ScriptedTransport.response(429, "{}");
        AttemptEnded notTaken = AttemptEnded.answered(null, 429, AttemptOutcome.RATE_LIMITED, true, kept.headers(), kept);
        AttemptEnded fallbackFault = AttemptEnded.fallbackFault(null, 302, AttemptOutcome.REDIRECTED, kept.headers());
        AttemptEnded internal = AttemptEnded.internalFailure(null, 200, new IllegalStateException());

        assertEquals(true, notTaken.notTaken());
        assertEquals(false, notTaken.isFallbackFault());
        assertEquals(true, fallbackFault.isFallbackFault());
        assertEquals(false, internal.counts(), "the agent's own failure teaches the provider's breaker nothing");
        assertEquals(false, AttemptEnded.unsent(null).counts(), "an attempt never sent neither");
    }

    /** A gateway over primary then backup, on the virtual clock, whose telemetry is {@code observer}. */
    private static final class Walked {
        final ManualClock clock = new ManualClock();
        final ScriptedTransport transport = new ScriptedTransport();
        final ResilienceState state;
        final Gateway gateway;

        Walked(CallObserver observer) {
            FailoverConfig config = Chains.config("primary", "backup");
            state = new LocalResilienceState(config.breaker(), config.throttle(), clock, List.of(), List.of());
            gateway = Gateway.builder(config).clock(clock).scheduler(new ManualScheduler(clock)).state(state)
                    .observer(observer).build();
        }
    }

    /** Telemetry whose every attempt span throws as it ends: what {@link CallObserver} says must never happen. */
    private static final class ThrowingSpans implements CallObserver {
        @Override
        public CallScope callStarted(RecognizedCall call, Route route) {
            return new CallScope() {
                @Override
                public void skipped(Provider provider, String model,
                        SkipReason reason, long nanosUntilAllowed) {}

                @Override
                public AttemptScope attemptStarted(int number, Provider provider,
                        TargetRequest target, boolean translated, String keyId,
                        BreakerState breakerState) {
                    return (status, outcome, failsOver, error) -> {
                        throw new IllegalStateException("span broke");
                    };
                }

                @Override
                public LlmResponse answered(LlmResponse response, Provider servedBy) {
                    return response;
                }

                @Override
                public void failed(Throwable error) {}
            };
        }
    }
}
