package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.SteadyTrafficApp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Issue 12, item 5, end to end and scaled down: under steady traffic the primary fails for {@link
 * #OUTAGE} from its first request on, then recovers. Its traffic comes back within the breaker's
 * open duration and one round of probes, and ramps up: while the breaker is half-open no more than
 * {@link #PROBES} calls are at the primary at once, never the herd of every call arriving then.
 * (The same at full size, 30 s, on a virtual clock: the runtime's {@code RecoveryRampTest}.)
 */
@Isolated
class RecoveryTest {

    private static final Duration OUTAGE = Duration.ofSeconds(3);
    private static final Duration OPEN_DURATION = Duration.ofSeconds(1);
    private static final int PROBES = 3;
    /** How long the recovered primary takes to answer: long enough for calls to overlap at it. */
    private static final Duration ANSWER_TIME = Duration.ofMillis(150);
    private static final int CALLS_PER_SECOND = 40;
    private static final Duration TRAFFIC = Duration.ofSeconds(7);

    @TempDir
    Path workDir;

    private FaultServer server;
    private final RecoveringPrimary primary = new RecoveringPrimary();

    @BeforeEach
    void startProviders() throws IOException {
        server = FaultServer.start()
                .on("recovery", "primary", primary)
                .on("recovery", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
    }

    @AfterEach
    void stopProviders() throws IOException {
        server.close();
    }

    @Test
    void trafficReturnsWithinTheOpenDurationAndOneProbeRoundAndRampsUp() throws Exception {
        String primaryUrl = server.rootUrl("recovery", "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl("recovery", "backup") + "/v1")
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", OPEN_DURATION.toMillis() + "ms")
                .set("breaker.half-open-probes", PROBES)
                .writeTo(workDir.resolve("llm-failover-recovery.properties"));

        AppOutput output = ChildJvm.of(SteadyTrafficApp.class, workDir)
                .args(primaryUrl, "sk-app-recovery", Integer.toString(CALLS_PER_SECOND), Long.toString(TRAFFIC.toMillis()),
                        Long.toString(TRAFFIC.toMillis()), Long.toString(TRAFFIC.toMillis()))
                .withAgent(config)
                .timeout(Duration.ofSeconds(60))
                .run();

        assertCompleted(output);
        List<Result> results = output.results();
        long backToPrimaryMillis = primary.millisFromRecoveryToFirstAnswer();
        System.out.printf("recovery: %d calls, %d served by the backup; the primary failed %d calls over %d ms, answered"
                        + " again %d ms after it recovered (bound %d ms), at most %d at once while half-open (probes %d);"
                        + " %d calls in all reached it%n",
                results.size(), results.stream().filter(r -> "backup".equals(r.provider())).count(),
                primary.failed.get(), OUTAGE.toMillis(), backToPrimaryMillis, bound().toMillis(),
                primary.mostAtOnceWhileProbing.get(), PROBES, primary.requests.get());

        assertTrue(output.errors().isEmpty(), output::describe);
        assertTrue(results.stream().allMatch(r -> r.status() == 200), output::describe);
        assertTrue(backToPrimaryMillis >= 0 && backToPrimaryMillis <= bound().toMillis(),
                () -> "the primary answered again " + backToPrimaryMillis + " ms after it recovered" + output.describe());
        assertTrue(primary.mostAtOnceWhileProbing.get() <= PROBES,
                () -> primary.mostAtOnceWhileProbing.get() + " calls at the half-open primary at once" + output.describe());
        assertEquals(0, lastSecondOnBackup(output), () -> "calls still served by the backup at the end" + output.describe());
    }

    /** The open duration, one probe's answer, and a second of slack for a loaded machine. */
    private static Duration bound() {
        return OPEN_DURATION.plus(ANSWER_TIME).plus(Duration.ofSeconds(1));
    }

    /** Calls of the traffic's last second that the backup served. */
    private static long lastSecondOnBackup(AppOutput output) {
        int last = output.results().stream().mapToInt(Result::call).max().orElse(0);
        return output.results().stream()
                .filter(r -> r.call() > last - CALLS_PER_SECOND && "backup".equals(r.provider()))
                .count();
    }

    /**
     * Fails every call with a 503 for {@link #OUTAGE} from its first request, then answers each in
     * {@link #ANSWER_TIME}; counts how many calls are at it at once until {@link #PROBES} succeeded.
     */
    private static final class RecoveringPrimary implements FaultServer.Behaviour {
        private final AtomicLong firstRequestNanos = new AtomicLong();
        private final AtomicLong firstAnswerNanos = new AtomicLong();
        private final AtomicInteger requests = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicInteger answered = new AtomicInteger();
        private final AtomicInteger mostAtOnceWhileProbing = new AtomicInteger();

        @Override
        public void answer(FaultExchange exchange) throws IOException, InterruptedException {
            requests.incrementAndGet();
            long now = System.nanoTime();
            firstRequestNanos.compareAndSet(0, now);
            if (now - firstRequestNanos.get() < OUTAGE.toNanos()) {
                failed.incrementAndGet();
                exchange.respond(503, "application/json", ChatWire.OPENAI.errorBody(503, "server_error", "down on purpose"));
                return;
            }
            int atOnce = inFlight.incrementAndGet();
            if (answered.get() < PROBES) {
                mostAtOnceWhileProbing.accumulateAndGet(atOnce, Math::max);
            }
            try {
                FaultExchange.pause(ANSWER_TIME);
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
                firstAnswerNanos.compareAndSet(0, System.nanoTime());
                answered.incrementAndGet();
            } finally {
                inFlight.decrementAndGet();
            }
        }

        long millisFromRecoveryToFirstAnswer() {
            long answer = firstAnswerNanos.get();
            return answer == 0 ? -1 : (answer - firstRequestNanos.get() - OUTAGE.toNanos()) / 1_000_000;
        }
    }
}
