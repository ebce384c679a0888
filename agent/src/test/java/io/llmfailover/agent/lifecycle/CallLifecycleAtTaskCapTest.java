package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.runtime.contract.RouteHeader;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken: {@link CallLifecycle#runAsync} starts nothing, and the call, which
 * the adapter then sends as the app made it, has lost the agent's header an app set since the
 * lifecycle first looked.
 */
class CallLifecycleAtTaskCapTest {

    @Test
    void noAgentThreadLeavesTheCallToTheAppWithoutTheAgentsHeader() throws Exception {
        TestClient.Call call = new TestClient.Call("http://127.0.0.1:1/v1/chat/completions", "{}");
        Governance governance = CallLifecycle.start(TestClient.INSTANCE, call, FakeGovernor::neverReached);
        call.header(RouteHeader.NAME, "budget");

        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            assertNull(CallLifecycle.runAsync(TestClient.INSTANCE, call, governance, AgentThreads.shared(),
                    new CallCompletion<String>() {
                        @Override
                        public void answered(String response) {
                            throw new AssertionError("never run");
                        }

                        @Override
                        public void failed(Throwable failure) {
                            throw new AssertionError("never run");
                        }
                    }));
        }

        assertNull(call.headers.get(RouteHeader.NAME));
        assertEquals(0, call.sent.get() + call.proceeded.get());
    }
}
