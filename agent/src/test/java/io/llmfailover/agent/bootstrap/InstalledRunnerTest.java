package io.llmfailover.agent.bootstrap;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InstalledRunnerTest {

    private final AtomicInteger builds = new AtomicInteger();

    @AfterEach
    void stopTheAgent() {
        InstalledRunner.buildOnDemand(null);
        InstalledRunner.install(null);
    }

    @Test
    void nothingIsBuiltUntilTheFirstCallAsksThenOnlyOnce() {
        CallRunner built = new Governor();
        InstalledRunner.buildOnDemand(() -> {
            builds.incrementAndGet();
            return built;
        });
        assertEquals(0, builds.get());

        assertSame(built, InstalledRunner.governor());
        assertSame(built, InstalledRunner.governor());
        assertSame(built, InstalledRunner.build());
        assertEquals(1, builds.get());
    }

    @Test
    void callersArrivingDuringTheBuildWaitForItAndGetTheSameGovernor() throws Exception {
        CallRunner built = new Governor();
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        InstalledRunner.buildOnDemand(() -> {
            builds.incrementAndGet();
            building.countDown();
            awaitQuietly(release);
            return built;
        });
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<CallRunner>> answers = new ArrayList<>();
            answers.add(callers.submit(InstalledRunner::governor));
            building.await(10, TimeUnit.SECONDS);
            for (int i = 0; i < 3; i++) {
                answers.add(callers.submit(InstalledRunner::governor));
            }
            release.countDown();
            for (Future<CallRunner> answer : answers) {
                assertSame(built, answer.get(10, TimeUnit.SECONDS), "no caller goes ungoverned while the agent starts");
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(1, builds.get());
    }

    @Test
    void buildingAheadBuildsOnAThreadOfItsOwnAndTheFirstCallFindsItsGovernor() throws Exception {
        CallRunner built = new Governor();
        CountDownLatch building = new CountDownLatch(1);
        List<String> builtOn = new ArrayList<>();
        InstalledRunner.buildOnDemand(() -> {
            builds.incrementAndGet();
            builtOn.add(Thread.currentThread().getName());
            building.countDown();
            return built;
        });

        CountDownLatch warmedUp = new CountDownLatch(1);
        InstalledRunner.buildAhead(warmedUp::countDown);
        assertTrue(building.await(10, TimeUnit.SECONDS), "the build started on its own");

        assertSame(built, InstalledRunner.governor());
        assertEquals(List.of("llm-failover-start"), builtOn);
        assertTrue(warmedUp.await(10, TimeUnit.SECONDS), "the warm-up ran after the build");
        InstalledRunner.buildAhead(() -> builds.incrementAndGet()); // built: nothing more
        assertEquals(1, builds.get());
    }

    @Test
    void aCallerInterruptedWhileTheAgentIsBuiltGoesUngovernedAndKeepsItsInterrupt() throws Exception {
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CallRunner built = new Governor();
        InstalledRunner.buildOnDemand(() -> {
            building.countDown();
            awaitQuietly(release);
            return built;
        });
        InstalledRunner.buildAhead(() -> {});
        assertTrue(building.await(10, TimeUnit.SECONDS));
        ExecutorService callers = Executors.newSingleThreadExecutor();
        try {
            Future<List<Object>> caller = callers.submit(() -> {
                Thread.currentThread().interrupt(); // the app's own timeout, say, as its call waits for the agent
                CallRunner governor = InstalledRunner.governor();
                return Arrays.asList(governor, Thread.interrupted());
            });

            assertEquals(Arrays.asList(null, true), caller.get(10, TimeUnit.SECONDS),
                    "the app's call goes as it made it, where it meets its interrupt; it never waits out the build");
        } finally {
            release.countDown();
            callers.shutdownNow();
        }
        assertSame(built, InstalledRunner.governor());
    }

    @Test
    void aSecondClientLoadedWhileTheAgentIsBuiltAheadStartsNoSecondBuildOrWarmUp() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        InstalledRunner.buildOnDemand(() -> {
            builds.incrementAndGet();
            awaitQuietly(release);
            return new Governor();
        });
        AtomicInteger warmUps = new AtomicInteger();
        CountDownLatch warmedUp = new CountDownLatch(1);
        Runnable warmUp = () -> {
            warmUps.incrementAndGet();
            warmedUp.countDown();
        };

        InstalledRunner.buildAhead(warmUp); // Reactor Netty's HttpClient loads
        InstalledRunner.buildAhead(warmUp); // then the JDK's, while the agent is still being built
        release.countDown();

        assertTrue(warmedUp.await(10, TimeUnit.SECONDS));
        InstalledRunner.governor();
        assertEquals(1, builds.get());
        assertEquals(1, warmUps.get(), "the made-up calls run once");
    }

    @Test
    void aCallTheBuildItselfMakesIsNotGoverned() {
        List<CallRunner> seenByTheBuild = new ArrayList<>();
        CallRunner built = new Governor();
        InstalledRunner.buildOnDemand(() -> {
            seenByTheBuild.add(InstalledRunner.governor()); // the exporter's first request, say
            return built;
        });

        assertSame(built, InstalledRunner.governor());
        assertEquals(1, seenByTheBuild.size());
        assertNull(seenByTheBuild.get(0));
    }

    @Test
    void aBuildThatFailedLeavesTheAgentOffAndIsNotTriedAgain() {
        InstalledRunner.buildOnDemand(() -> {
            builds.incrementAndGet();
            return null;
        });

        assertNull(InstalledRunner.governor());
        assertNull(InstalledRunner.governor());
        assertEquals(1, builds.get());
    }

    @Test
    void aReloadReplacesTheBuiltGovernor() {
        InstalledRunner.buildOnDemand(Governor::new);
        InstalledRunner.governor();
        CallRunner reloaded = new Governor();

        InstalledRunner.install(reloaded);

        assertSame(reloaded, InstalledRunner.governor());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Governor implements CallRunner {
        @Override
        public boolean governs(String method, URI uri) {
            return false;
        }

        @Override
        public long bufferLimit() {
            return 0;
        }

        @Override
        public Answer execute(LlmRequest request, Transport transport) {
            throw new UnsupportedOperationException();
        }
    }
}
