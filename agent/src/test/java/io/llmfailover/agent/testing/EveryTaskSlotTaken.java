package io.llmfailover.agent.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.llmfailover.agent.bootstrap.AgentThreads;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds every agent task slot, until closed, with tasks that wait for the test: for the tests named
 * {@code *AtTaskCapTest}, which the build runs in a JVM of their own whose cap
 * ({@code llm.failover.agent.max-threads}) is {@value #CAP}; elsewhere they are skipped.
 */
public final class EveryTaskSlotTaken implements AutoCloseable {

    public static final int CAP = 2;

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(CAP);

    public EveryTaskSlotTaken() throws InterruptedException {
        assumeTrue(String.valueOf(CAP).equals(System.getProperty("llm.failover.agent.max-threads")),
                "runs in the build's at-task-cap execution, whose cap is " + CAP);
        int taken = 0;
        // The slots of the test before are given back as its tasks end: a moment after it closed.
        for (int tries = 0; taken < CAP && tries < 1000; tries++) {
            if (AgentThreads.of("occupier").tryExecute(this::hold)) {
                taken++;
            } else {
                Thread.sleep(10);
            }
        }
        assertEquals(CAP, taken, "every slot taken");
    }

    private void hold() {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ended.countDown();
        }
    }

    @Override
    public void close() throws InterruptedException {
        release.countDown();
        ended.await(10, TimeUnit.SECONDS);
    }
}
