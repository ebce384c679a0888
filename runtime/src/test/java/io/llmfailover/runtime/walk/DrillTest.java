package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.config.DrillFault.Kind;
import io.llmfailover.runtime.config.DrillSettings;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.operations.drill.DrillAnnouncer;
import io.llmfailover.runtime.operations.drill.DrillCount;
import io.llmfailover.runtime.operations.drill.Drills;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.state.fleet.FleetStore;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.testing.ScriptedTransport.Drained;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Drills: a share of a provider's attempts taken over by a fault, unsent, so that failover can be rehearsed. */
class DrillTest {

    private static final String STREAM = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\" there\"}}]}\n\ndata: [DONE]\n\n";

    private final ScriptedTransport transport = new ScriptedTransport().on(BACKUP, ok(ANSWER));
    private final ExecutorService caller = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopCaller() {
        caller.shutdownNow();
    }

    @Test
    void aDrilled429IsNeverSentAndTheBackupAnswers() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.STATUS, 429, null, 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, transport.sentTo(PRIMARY), "a drilled attempt is not sent");
    }

    @Test
    void drilled503sOpenTheBreakerAsRealOnesWould() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.STATUS, 503, null, 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        for (int call = 0; call < 4; call++) {
            assertEquals(200, chains.gateway.execute(chat(), transport).status());
        }

        assertEquals(BreakerState.OPEN, chains.state.breaker("primary", "gpt-4o").state());
        assertEquals(0, transport.sentTo(PRIMARY));
        assertEquals(4, transport.sentTo(BACKUP));
    }

    @Test
    void aDrilledConnectFailureIsServedByTheBackup() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.CONNECT, 0, null, 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, transport.sentTo(PRIMARY));
    }

    @Test
    void aDrilledHangWaitsOutTheHeadDeadlineThenFailsOver() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.HANG, 0, null, 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        Future<LlmResponse> call = caller.submit(() -> chains.gateway.execute(chat(), transport));
        Eventually.until(() -> chains.scheduler.pending() == 2, "the drilled attempt hangs (the drill's reminder is the other)");
        chains.scheduler.advance(Duration.ofMinutes(10).minusMillis(1));
        assertEquals(0, transport.sentTo(BACKUP), "not before the head deadline (timeout.head)");
        chains.scheduler.advance(Duration.ofMillis(1));
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, transport.sentTo(PRIMARY));
    }

    @Test
    void drilledLatencyDelaysTheAttemptThenSendsIt() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.LATENCY, 0, Duration.ofMillis(500), 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        Future<LlmResponse> call = caller.submit(() -> chains.gateway.execute(chat(), transport));
        Eventually.until(() -> chains.scheduler.pending() == 2, "the drilled attempt waits (the drill's reminder is the other)");
        assertEquals(0, transport.sentTo(PRIMARY), "not sent before the latency is over");
        chains.scheduler.advance(Duration.ofMillis(500));
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the primary answered, late");
        assertEquals(1, transport.sentTo(PRIMARY));
    }

    @Test
    void drilledLatencyPastTheDeadlineIsATimeoutAndNothingIsSent() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.LATENCY, 0, Duration.ofMinutes(11), 1.0));
        transport.on(PRIMARY, ok(ANSWER));

        Future<LlmResponse> call = caller.submit(() -> chains.gateway.execute(chat(), transport));
        Eventually.until(() -> chains.scheduler.pending() == 2, "the drilled attempt waits (the drill's reminder is the other)");
        chains.scheduler.advance(Duration.ofMinutes(10));
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, transport.sentTo(PRIMARY));
    }

    @Test
    void aDrilledResetBreaksTheStreamAfterItsFirstEventAndIsNeverReplayed() throws Exception {
        Chains chains = drilling(new DrillFault(Kind.RESET_MID_STREAM, 0, null, 1.0));
        transport.on(PRIMARY, sse(STREAM));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);
        Drained read = ScriptedTransport.drain(answer.body());

        assertEquals("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n", read.text().substring(0,
                Math.min(read.text().length(), 48)), read.text());
        assertTrue(!read.text().contains("there"), "nothing after the break: " + read.text());
        assertNotNull(read.end(), "the app sees the break");
        assertEquals(1, transport.sentTo(PRIMARY));
        assertEquals(0, transport.sentTo(BACKUP), "a stream that reached the app is never replayed");
    }

    @Test
    void faultsShareOneDrawAndTheRestIsSentAsUsual() {
        Provider openai = new Provider("openai", URI.create("https://api.openai.com/v1"), Protocol.OPENAI, List.of(), Map.of());
        DrillFault rateLimited = new DrillFault(Kind.STATUS, 429, null, 0.25);
        DrillFault hang = new DrillFault(Kind.HANG, 0, null, 0.05);
        Deque<Double> draws = new ArrayDeque<>(List.of(0.0, 0.2499, 0.25, 0.2999, 0.30, 0.99));
        Drills drills = Drills.of(new DrillSettings(Map.of("openai", List.of(rateLimited, hang)), List.of()),
                draws::poll, new ManualScheduler(new ManualClock()));

        assertEquals(rateLimited, drills.draw(openai));
        assertEquals(rateLimited, drills.draw(openai));
        assertEquals(hang, drills.draw(openai));
        assertEquals(hang, drills.draw(openai));
        assertNull(drills.draw(openai));
        assertNull(drills.draw(openai));
        Provider other = new Provider("deepseek", URI.create("https://api.deepseek.com/v1"), Protocol.OPENAI, List.of(), Map.of());
        assertNull(drills.draw(other), "a provider without a drill draws nothing");
    }

    @Test
    void aDrillIsAnnouncedAtStartAndEveryMinuteWithWhatItDid() throws Exception {
        ManualClock clock = new ManualClock();
        ManualScheduler scheduler = new ManualScheduler(clock);
        DrillSettings settings = new DrillSettings(Map.of("primary", List.of(new DrillFault(Kind.STATUS, 429, null, 0.25))),
                List.of());
        DrillCount count = new DrillCount();
        Provider primary = Chains.config("primary", "backup").providers().get("primary");
        try (LogCapture log = new LogCapture()) {
            DrillAnnouncer.start(settings, scheduler, count);
            Drills drills = Drills.of(settings, scheduler, count);
            int drilled = 0;
            for (int attempt = 0; attempt < 400; attempt++) {
                drilled += drills.draw(primary) != null ? 1 : 0;
            }
            scheduler.advance(Duration.ofMinutes(1));

            assertEquals(1, log.linesWith("DRILL ON: injecting faults into real calls, unsent: primary 429 on 25% of attempts").size(),
                    String.join("\n", log.lines()));
            assertEquals(1, log.linesWith("DRILL STILL ON").size());
            assertTrue(log.linesWith("DRILL STILL ON").get(0).endsWith("primary 429: " + drilled), log.lines().toString());
            assertTrue(drilled > 50 && drilled < 150, "about a quarter of 400: " + drilled);
            assertEquals(1, scheduler.pending(), "the next reminder");
        }
    }

    @Test
    void aRefusedDrillIsSaidOnce() {
        try (LogCapture log = new LogCapture()) {
            DrillAnnouncer.start(new DrillSettings(Map.of(), List.of("/etc/llm-failover.properties:12: drill.openai.fault")),
                    new ManualScheduler(new ManualClock()), new DrillCount());

            assertEquals(1, log.linesWith("drill refused: /etc/llm-failover.properties:12: drill.openai.fault is set but "
                    + "drill.enabled is not true").size(), log.lines().toString());
        }
    }

    // ---- a drill rehearses on the instance that drew it, never on its fleet

    @Test
    void aDrilled429SilencesTheKeyHereAndTellsTheFleetNothing() throws Exception {
        ToldToFleet fleet = new ToldToFleet();
        Chains chains = drillingInFleet(new DrillFault(Kind.STATUS, 429, null, 1.0), fleet);
        transport.on(PRIMARY, ok(ANSWER));

        assertEquals(200, chains.gateway.execute(chat(), transport).status());

        assertTrue(chains.throttle("primary").nanosUntilAllowed() > 0, "the key is silenced here, as by a real 429");
        assertEquals(List.of(), fleet.told);
    }

    @Test
    void drilled503sOpenTheBreakerHereAndTellTheFleetNothing() throws Exception {
        ToldToFleet fleet = new ToldToFleet();
        Chains chains = drillingInFleet(new DrillFault(Kind.STATUS, 503, null, 1.0), fleet);
        transport.on(PRIMARY, ok(ANSWER));

        for (int call = 0; call < 4; call++) {
            assertEquals(200, chains.gateway.execute(chat(), transport).status());
        }

        assertEquals(BreakerState.OPEN, chains.state.breaker("primary", "gpt-4o").state());
        assertEquals(List.of(), fleet.told);
    }

    @Test
    void realFailuresBesideTheDrillAreStillToldToTheFleet() throws Exception {
        ToldToFleet fleet = new ToldToFleet();
        Chains chains = drillingInFleet(new DrillFault(Kind.STATUS, 503, null, 1.0), fleet);
        ScriptedTransport failingBackup = new ScriptedTransport().on(BACKUP, status(503, "{}")).on(THIRD, ok(ANSWER));

        for (int call = 0; call < 3; call++) {
            assertEquals(200, chains.gateway.execute(chat(), failingBackup).status());
        }

        assertEquals(BreakerState.OPEN, chains.state.breaker("primary", "gpt-4o").state(), "opened by the drill, here");
        assertEquals(List.of("opened backup/backup-model"), fleet.told, "the backup's real 503s, never the drill's");
    }

    private Chains drillingInFleet(DrillFault fault, ToldToFleet fleet) {
        return Chains.drillingInFleet(new DrillSettings(Map.of("primary", List.of(fault)), List.of()), fleet,
                "primary", "backup", "third");
    }

    /** A fleet's store that records what the instance told it, and answers every question for itself. */
    private static final class ToldToFleet implements FleetStore {
        final List<String> told = new CopyOnWriteArrayList<>();

        @Override
        public long tryTake(String[] buckets, double[] amounts, double[] capacities, double[] perSecond) {
            return UNAVAILABLE;
        }

        @Override
        public void giveBack(String[] buckets, double[] amounts, double[] capacities, double[] perSecond) {}

        @Override
        public void publishSilence(String throttle, long millis) {
            told.add("silenced " + throttle);
        }

        @Override
        public void publishOpened(String breaker, long millis) {
            told.add("opened " + breaker);
        }

        @Override
        public void publishClosed(String breaker) {
            told.add("closed " + breaker);
        }

        @Override
        public long tryTakeProbe(String breaker, int probes, long windowMillis) {
            return UNAVAILABLE;
        }

        @Override
        public int instances() {
            return 1;
        }

        @Override
        public void subscribe(FleetListener listener) {}

        @Override
        public void close() {}
    }

    private static Chains drilling(DrillFault fault) {
        return Chains.drilling(new DrillSettings(Map.of("primary", List.of(fault)), List.of()), "primary", "backup");
    }
}
