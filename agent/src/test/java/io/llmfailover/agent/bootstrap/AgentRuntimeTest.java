package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.Transport;
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

class AgentRuntimeTest {

    private final AtomicInteger builds = new AtomicInteger();

    @AfterEach
    void stopTheAgent() {
        AgentRuntime.buildOnDemand(null);
        AgentRuntime.install(null);
    }

    @Test
    void nothingIsBuiltUntilTheFirstCallAsksThenOnlyOnce() {
        CallGovernor built = new Governor();
        AgentRuntime.buildOnDemand(() -> {
            builds.incrementAndGet();
            return built;
        });
        assertEquals(0, builds.get());

        assertSame(built, AgentRuntime.governor());
        assertSame(built, AgentRuntime.governor());
        assertSame(built, AgentRuntime.build());
        assertEquals(1, builds.get());
    }

    @Test
    void callersArrivingDuringTheBuildWaitForItAndGetTheSameGovernor() throws Exception {
        CallGovernor built = new Governor();
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AgentRuntime.buildOnDemand(() -> {
            builds.incrementAndGet();
            building.countDown();
            awaitQuietly(release);
            return built;
        });
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<CallGovernor>> answers = new ArrayList<>();
            answers.add(callers.submit(AgentRuntime::governor));
            building.await(10, TimeUnit.SECONDS);
            for (int i = 0; i < 3; i++) {
                answers.add(callers.submit(AgentRuntime::governor));
            }
            release.countDown();
            for (Future<CallGovernor> answer : answers) {
                assertSame(built, answer.get(10, TimeUnit.SECONDS), "no caller goes ungoverned while the agent starts");
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(1, builds.get());
    }

    @Test
    void buildingAheadBuildsOnAThreadOfItsOwnAndTheFirstCallFindsItsGovernor() throws Exception {
        CallGovernor built = new Governor();
        CountDownLatch building = new CountDownLatch(1);
        List<String> builtOn = new ArrayList<>();
        AgentRuntime.buildOnDemand(() -> {
            builds.incrementAndGet();
            builtOn.add(Thread.currentThread().getName());
            building.countDown();
            return built;
        });

        CountDownLatch warmedUp = new CountDownLatch(1);
        AgentRuntime.buildAhead(warmedUp::countDown);
        assertTrue(building.await(10, TimeUnit.SECONDS), "the build started on its own");

        assertSame(built, AgentRuntime.governor());
        assertEquals(List.of("llm-failover-start"), builtOn);
        assertTrue(warmedUp.await(10, TimeUnit.SECONDS), "the warm-up ran after the build");
        AgentRuntime.buildAhead(() -> builds.incrementAndGet()); // built: nothing more
        assertEquals(1, builds.get());
    }

    @Test
    void aCallerInterruptedWhileTheAgentIsBuiltGoesUngovernedAndKeepsItsInterrupt() throws Exception {
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CallGovernor built = new Governor();
        AgentRuntime.buildOnDemand(() -> {
            building.countDown();
            awaitQuietly(release);
            return built;
        });
        AgentRuntime.buildAhead(() -> {});
        assertTrue(building.await(10, TimeUnit.SECONDS));
        ExecutorService callers = Executors.newSingleThreadExecutor();
        try {
            Future<List<Object>> caller = callers.submit(() -> {
                Thread.currentThread().interrupt(); // the app's own timeout, say, as its call waits for the agent
                CallGovernor governor = AgentRuntime.governor();
                return Arrays.asList(governor, Thread.interrupted());
            });

            assertEquals(Arrays.asList(null, true), caller.get(10, TimeUnit.SECONDS),
                    "the app's call goes as it made it, where it meets its interrupt; it never waits out the build");
        } finally {
            release.countDown();
            callers.shutdownNow();
        }
        assertSame(built, AgentRuntime.governor());
    }

    @Test
    void aSecondClientLoadedWhileTheAgentIsBuiltAheadStartsNoSecondBuildOrWarmUp() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AgentRuntime.buildOnDemand(() -> {
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

        AgentRuntime.buildAhead(warmUp); // Reactor Netty's HttpClient loads
        AgentRuntime.buildAhead(warmUp); // then the JDK's, while the agent is still being built
        release.countDown();

        assertTrue(warmedUp.await(10, TimeUnit.SECONDS));
        AgentRuntime.governor();
        assertEquals(1, builds.get());
        assertEquals(1, warmUps.get(), "the made-up calls run once");
    }

    @Test
    void aCallTheBuildItselfMakesIsNotGoverned() {
        List<CallGovernor> seenByTheBuild = new ArrayList<>();
        CallGovernor built = new Governor();
        AgentRuntime.buildOnDemand(() -> {
            seenByTheBuild.add(AgentRuntime.governor()); // the exporter's first request, say
            return built;
        });

        assertSame(built, AgentRuntime.governor());
        assertEquals(1, seenByTheBuild.size());
        assertNull(seenByTheBuild.get(0));
    }

    @Test
    void aBuildThatFailedLeavesTheAgentOffAndIsNotTriedAgain() {
        AgentRuntime.buildOnDemand(() -> {
            builds.incrementAndGet();
            return null;
        });

        assertNull(AgentRuntime.governor());
        assertNull(AgentRuntime.governor());
        assertEquals(1, builds.get());
    }

    @Test
    void aReloadReplacesTheBuiltGovernor() {
        AgentRuntime.buildOnDemand(Governor::new);
        AgentRuntime.governor();
        CallGovernor reloaded = new Governor();

        AgentRuntime.install(reloaded);

        assertSame(reloaded, AgentRuntime.governor());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Governor implements CallGovernor {
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
