package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CallDepthTest {

    @AfterEach
    void closeEverything() {
        while (CallDepth.inCall()) {
            CallDepth.exit();
        }
    }

    @Test
    void theOutermostCallSeesNoneOpenAndANestedOneSeesItsParent() {
        assertEquals(0, CallDepth.enter());
        assertEquals(1, CallDepth.enter());
        CallDepth.exit();
        CallDepth.exit();

        assertFalse(CallDepth.inCall());
    }

    @Test
    void anUnmatchedExitNeverGoesBelowZero() {
        CallDepth.exit();

        assertEquals(0, CallDepth.enter());
    }

    @Test
    void depthBelongsToOneThread() throws Exception {
        CallDepth.enter();

        boolean otherThreadInCall = CompletableFuture.supplyAsync(CallDepth::inCall).get();

        assertTrue(CallDepth.inCall());
        assertFalse(otherThreadInCall);
    }
}
