package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.runtime.contract.RouteHeader;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The blocking lifecycle through a binding of the test's own: governed or not, fail open, exactly once. */
class CallLifecycleTest {

    private static final String CHAT = "http://127.0.0.1:1/v1/chat/completions";
    private static final Duration HEAD = Duration.ofSeconds(5);

    @Test
    void aCallTheAgentDoesNotGovernGoesAheadAsTheAppMadeIt() throws IOException {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");

        assertEquals(TestClient.AS_MADE, CallLifecycle.run(TestClient.INSTANCE, call, FakeGovernor::governingNothing));
        assertEquals(1, call.proceeded.get());
        assertEquals(0, call.sent.get());
    }

    @Test
    void aGovernedCallIsSentThroughTheRuntimeAndAnsweredAsTheClientsResponse() throws IOException {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");

        assertEquals("200 hello", CallLifecycle.run(TestClient.INSTANCE, call, () -> FakeGovernor.passThrough(HEAD)));
        assertEquals(1, call.sent.get());
        assertEquals(0, call.proceeded.get());
    }

    @Test
    void theAgentsRouteHeaderIsTakenOffAsTheCallIsFirstSeen() {
        TestClient.Call call = new TestClient.Call(CHAT, "{}").header(RouteHeader.NAME, "budget");

        assertNotNull(CallLifecycle.start(TestClient.INSTANCE, call, () -> FakeGovernor.passThrough(HEAD)));
        assertNull(call.headers.get(RouteHeader.NAME));
    }

    @Test
    void aCallAlreadyInsideAGovernedCallIsLeftAlone() {
        try (AttemptGuard.Scope attempt = AttemptGuard.enter()) {
            assertNull(CallLifecycle.start(TestClient.INSTANCE, new TestClient.Call(CHAT, "{}"), FakeGovernor::neverReached));
        }
    }

    @Test
    void aBodyOverTheCapGoesAheadAsTheAppMadeItUngoverned() throws IOException {
        TestClient.Call call = new TestClient.Call(CHAT, "a body longer than the cap");

        assertEquals(TestClient.AS_MADE,
                CallLifecycle.run(TestClient.INSTANCE, call, () -> FakeGovernor.neverReached().withBufferLimit(4)));
        assertEquals(0, call.sent.get());
    }

    @Test
    void anInternalFailureBeforeSendingLetsTheOriginalCallGoAheadUntouched() throws IOException {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        FakeGovernor failing = new FakeGovernor(uri -> true, (request, wire) -> {
            throw new IllegalStateException("the runtime failed before sending");
        });

        assertEquals(TestClient.AS_MADE, CallLifecycle.run(TestClient.INSTANCE, call, () -> failing));
        assertEquals(1, call.proceeded.get());
    }

    @Test
    void anInternalFailureAfterSendingIsTheCallsFailureAndNothingIsSentAgain() {
        TestClient.Call call = new TestClient.Call(CHAT, "{}");
        FakeGovernor failing = new FakeGovernor(uri -> true, (request, wire) -> {
            wire.send(request, HEAD).close();
            throw new IllegalStateException("the runtime failed after sending");
        });

        IOException failure = assertThrows(IOException.class, () -> CallLifecycle.run(TestClient.INSTANCE, call, () -> failing));
        assertTrue(failure.getMessage().contains("not sent again"), failure.getMessage());
        assertEquals(1, call.sent.get());
        assertEquals(0, call.proceeded.get());
    }
}
