package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.GEMINI;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.AgentFailureAfterSending;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every permit an attempt takes is given back whatever happens (H2), a request that reached the
 * transport is never failed open and sent again (H3), and the app's own cancellation stops the
 * call without counting against anyone (M1): issue #10.
 */
class GatewayExactlyOnceTest {

    private final ScriptedTransport transport = new ScriptedTransport();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private static ScriptedTransport.Answer refusesAHeader() {
        return request -> {
            throw new IllegalArgumentException("invalid header value");
        };
    }

    /** H2: planning a Gemini fallback for a model with a space throws; its permits used to leak. */
    @Test
    void H2_aFallbackWhosePlanningThrowsGivesBackItsBreakerPermitAndThrottleSlot() throws IOException {
        Chains chains = new Chains("primary", "gemini", "backup");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BACKUP, ok(ANSWER));

        for (int call = 0; call < 3; call++) {
            LlmResponse answer = chains.gateway.execute(chat(), transport);
            assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        }

        assertEquals(0, transport.sentTo(GEMINI));
        assertEquals(0, chains.inFlight("gemini"), "the slot is back");
        assertEquals(BreakerState.CLOSED, chains.state.breaker("gemini", "gemini pro").state(), "no failure counted");
    }

    /** H2: three probes leaked by a transport that threw locked the breaker half-open for good. */
    @Test
    void H2_aProbeWhoseTransportThrowsIsGivenBackAndTheNextCallProbesAgain() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, status(503, "{}"), status(503, "{}"), status(503, "{}"),
                refusesAHeader(), refusesAHeader(), refusesAHeader(), ok(ANSWER));
        transport.on(BACKUP, ok(ANSWER));
        for (int call = 0; call < 3; call++) {
            chains.gateway.execute(chat(), transport);
        }
        CircuitBreaker primary = chains.state.breaker("primary", "gpt-4o");
        assertEquals(BreakerState.OPEN, primary.state());
        chains.clock.advance(Duration.ofSeconds(5));

        for (int probe = 0; probe < 3; probe++) {
            assertThrows(AgentFailureAfterSending.class, () -> chains.gateway.execute(chat(), transport));
        }
        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(7, transport.sentTo(PRIMARY), "every call after the open duration probed the primary");
        assertEquals(Optional.empty(), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(BreakerState.CLOSED, primary.state());
        assertEquals(0, chains.inFlight("primary"));
    }

    /** H3: the primary's request was sent; the agent failing on the fallback must not make the adapter re-send it. */
    @Test
    void H3_anInternalFailureAfterARequestWasSentGivesTheBestAnswerSoFarNotAnAgentFailure() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, status(503, "{\"error\":{\"message\":\"primary down\"}}"));
        transport.on(BACKUP, refusesAHeader());

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(503, answer.status(), "the addressed provider's own error");
        assertEquals(1, transport.sentTo(PRIMARY));
        assertEquals(0, chains.inFlight("backup"));
    }

    @Test
    void H3_anInternalFailureWithNoAnswerYetIsAnIOExceptionThatIsNeverReSent() {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, refusesAHeader());
        transport.on(BACKUP, ok(ANSWER));

        AgentFailureAfterSending thrown = assertThrows(AgentFailureAfterSending.class,
                () -> chains.gateway.execute(chat(), transport));

        assertTrue(thrown.getMessage().contains("not sent again"), thrown.getMessage());
        assertTrue(thrown.getCause() instanceof IllegalArgumentException);
        assertEquals(1, transport.sent.size(), "no fallback either: the primary may have the request");
    }

    @Test
    void H3_anInternalFailureBeforeAnythingWasSentIsStillAnAgentFailure() {
        ResilienceState broken = new ResilienceState() {
            @Override
            public CircuitBreaker breaker(String provider, String model) {
                throw new IllegalStateException("state store bug");
            }

            @Override
            public Throttle throttle(String provider, String keyId) {
                throw new IllegalStateException("state store bug");
            }
        };
        Gateway gateway = Gateway.builder(Chains.config("primary", "backup")).state(broken).build();

        assertThrows(AgentFailure.class, () -> gateway.execute(chat(), transport));
        assertEquals(0, transport.sent.size());
    }

    /** M1: three cancelled calls used to open the primary's breaker and send attempts to the fallback. */
    @Test
    void M1_theAppsCancellationStopsTheCallAtOnceAndCountsAgainstNobody() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, request -> {
            throw new InterruptedIOException("Canceled");
        });
        transport.on(BACKUP, ok(ANSWER));

        for (int call = 0; call < 3; call++) {
            assertThrows(InterruptedIOException.class, () -> chains.gateway.execute(chat(), transport));
        }

        assertEquals(0, transport.sentTo(BACKUP), "nobody waits for a fallback's answer");
        assertEquals(BreakerState.CLOSED, chains.state.breaker("primary", "gpt-4o").state());
        assertEquals(0, chains.inFlight("primary"));
    }

    @Test
    void M1_aThreadInterruptedDuringAnAttemptTriesNoFallbackAndKeepsItsInterruptFlag() {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, request -> {
            Thread.currentThread().interrupt(); // the app cancels while the primary answers 503
            return ScriptedTransport.response(503, "{}");
        });
        transport.on(BACKUP, ok(ANSWER));

        assertThrows(InterruptedIOException.class, () -> chains.gateway.execute(chat(), transport));

        assertTrue(Thread.currentThread().isInterrupted());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void M1_aSocketTimeoutIsNoCancellationAndFailsOver() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, request -> {
            throw new SocketTimeoutException("Read timed out");
        });
        transport.on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
    }
}
