package io.llmfailover.runtime.state.redis;

import static io.llmfailover.runtime.state.fleet.FleetStore.UNAVAILABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.LogCapture;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.SetParams;

/** The fleet's shared state, against a real redis-server: each store stands for one instance. */
@ExtendWith(RedisServerInstalled.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisFleetStoreTest {

    private static final Duration TIMEOUT = Duration.ofMillis(250);

    /** Every test is a fleet of its own, behind its own prefix. */
    @RegisterExtension
    static final RedisFleetFixture fleet = new RedisFleetFixture();

    private final RedisClient direct = fleet.direct();
    private String prefix;

    @BeforeEach
    void joinTheTestsFleet() {
        prefix = fleet.prefix();
    }

    // ---- quota buckets

    @Test
    void aBucketOfThreeGivesThreeThenTellsHowLongToWait() {
        RedisFleetStore store = instance();

        for (int i = 0; i < 3; i++) {
            assertEquals(0, take(store, "openai/key#1", 1, 3, 1));
        }
        long waitNanos = take(store, "openai/key#1", 1, 3, 1);

        assertTrue(waitNanos > 0 && waitNanos <= TimeUnit.SECONDS.toNanos(1), "wait " + waitNanos);
    }

    @Test
    void twoInstancesShareOneBucket() {
        RedisFleetStore a = instance();
        RedisFleetStore b = instance();

        int taken = 0;
        for (int i = 0; i < 5; i++) {
            taken += take(a, "rpm", 1, 6, 0.001) == 0 ? 1 : 0;
            taken += take(b, "rpm", 1, 6, 0.001) == 0 ? 1 : 0;
        }

        assertEquals(6, taken);
    }

    @Test
    void takesFromSeveralBucketsAllOrNone() {
        RedisFleetStore store = instance();
        assertEquals(0, take(store, "tpm", 90, 100, 0.001));

        long refused = store.tryTake(new String[] {"rpm", "tpm"}, new double[] {1, 20}, new double[] {10, 100},
                new double[] {0.001, 0.001});

        assertTrue(refused > 0, "refused with a wait");
        assertEquals(0, take(store, "rpm", 10, 10, 0.001), "rpm untouched: all ten still there");
    }

    @Test
    void giveBackReturnsWhatWasTakenUpToTheCapacity() {
        RedisFleetStore store = instance();
        assertEquals(0, take(store, "tpm", 100, 100, 0.001));

        store.giveBack(new String[] {"tpm"}, new double[] {500}, new double[] {100}, new double[] {0.001});

        Eventually.until(() -> Double.parseDouble(direct.hget(prefix + "bucket:tpm", "level")) >= 99.99,
                "the tokens given back reach Redis");
        assertTrue(Double.parseDouble(direct.hget(prefix + "bucket:tpm", "level")) <= 100, "capped at the capacity");
    }

    @Test
    void refillsAtItsRateOnTheServersClock() {
        RedisFleetStore store = instance();
        assertEquals(0, take(store, "rpm", 3, 3, 1));
        assertTrue(take(store, "rpm", 1, 3, 1) > 0);

        String key = prefix + "bucket:rpm";
        long at = Long.parseLong(direct.hget(key, "at"));
        direct.hset(key, "at", Long.toString(at - 2_000_000));

        assertEquals(0, take(store, "rpm", 2, 3, 1), "two seconds refilled two");
        assertTrue(take(store, "rpm", 1, 3, 1) > 0, "and no more");
    }

    @Test
    void anIdleBucketExpiresOnceItWouldBeFullAgain() {
        RedisFleetStore store = instance();
        assertEquals(0, take(store, "rpm", 2, 3, 1));

        long ttl = direct.pttl(prefix + "bucket:rpm");

        assertTrue(ttl > 1000 && ttl <= 3000, "two seconds to refill, plus one: " + ttl);
    }

    // ---- silences and breakers

    @Test
    void aSilenceReachesTheOtherInstancesAndOneThatStartsLater() {
        RedisFleetStore a = instance();
        RecordingListener heardByA = listening(a);
        RedisFleetStore b = instance();
        RecordingListener heardByB = listening(b);
        a.publishSilence("openai/key#1", 60_000);
        heardByB.await("silenced openai/key#1 60000");
        RecordingListener heardByC = subscribed(instance());

        long left = heardByC.millisOf("silenced openai/key#1 ");
        assertTrue(left > 50_000 && left <= 60_000, "what is left, on the server's clock: " + left);
        b.publishClosed("marker");
        heardByA.await("closed marker");
        assertFalse(heardByA.events.contains("silenced openai/key#1 60000"), "A skips its own event");
    }

    @Test
    void aLaterSilenceExtendsAnEarlierOneNeverTheReverse() {
        RedisFleetStore a = instance();
        a.publishSilence("k", 60_000);
        a.publishSilence("k", 30_000);
        a.publishOpened("marker", 60_000);
        Eventually.until(() -> direct.exists(prefix + "open:marker"), "the writes reach Redis, in order");

        assertTrue(direct.pttl(prefix + "silence:k") > 30_000, "still the minute: " + direct.pttl(prefix + "silence:k"));
    }

    @Test
    void anExpiredSilenceIsNotReplayed() {
        RedisFleetStore a = instance();
        a.publishSilence("short", 100);
        a.publishOpened("marker", 60_000);
        Eventually.until(() -> direct.exists(prefix + "open:marker"), "the writes reach Redis");
        Eventually.until(() -> !direct.exists(prefix + "silence:short"), "the silence expires");

        RecordingListener heardByC = subscribed(instance());

        heardByC.awaitStartingWith("opened marker ");
        assertTrue(heardByC.events.stream().noneMatch(event -> event.startsWith("silenced")), "" + heardByC.events);
    }

    @Test
    void anOpeningAndAClosingReachTheOtherInstancesAndTheLaterOnes() {
        RedisFleetStore a = instance();
        RecordingListener heardByB = subscribed(instance());
        a.publishOpened("anthropic", 60_000);
        heardByB.await("opened anthropic 60000");
        subscribed(instance()).awaitStartingWith("opened anthropic ");

        a.publishClosed("anthropic");
        heardByB.await("closed anthropic");
        RecordingListener heardByD = listening(instance());
        a.publishClosed("marker");
        heardByD.await("closed marker");
        assertTrue(heardByD.events.stream().noneMatch(event -> event.startsWith("opened anthropic")),
                "a closed breaker is not replayed: " + heardByD.events);
    }

    @Test
    void closingABreakerForgetsItsProbes() {
        RedisFleetStore a = instance();
        RecordingListener heardByB = listening(instance());
        a.publishOpened("anthropic", 60_000);
        assertEquals(1, a.tryTakeProbe("anthropic", 1, 60_000));
        assertEquals(0, a.tryTakeProbe("anthropic", 1, 60_000));

        a.publishClosed("anthropic");
        heardByB.await("closed anthropic");

        assertFalse(direct.exists(prefix + "probes:anthropic"));
        assertFalse(direct.exists(prefix + "open:anthropic"));
        assertEquals(1, a.tryTakeProbe("anthropic", 1, 60_000), "the next recovery has its probes again");
    }

    @Test
    void theFleetSendsExactlyTheConfiguredProbesPerRecoveryWindow() {
        RedisFleetStore a = instance();
        RedisFleetStore b = instance();

        long granted = 0;
        for (int i = 0; i < 5; i++) {
            granted += a.tryTakeProbe("openai", 3, 300);
            granted += b.tryTakeProbe("openai", 3, 300);
        }

        assertEquals(3, granted);
        Eventually.until(() -> !direct.exists(prefix + "probes:openai"), "the recovery window ends");
        assertEquals(1, b.tryTakeProbe("openai", 3, 300), "a new window grants probes again");
    }

    @Test
    void aSubscriberThatReconnectsReplaysWhatChangedWhileItWasAway() {
        RecordingListener heardByA = subscribed(instance());
        instance().publishOpened("marker", 60_000);
        heardByA.awaitStartingWith("opened marker ");
        direct.set(prefix + "open:unseen", "60000", SetParams.setParams().px(60_000));

        direct.sendCommand(Protocol.Command.CLIENT, "KILL", "TYPE", "pubsub");

        heardByA.awaitStartingWith("opened unseen ");
    }

    // ---- outage

    @Test
    void whileRedisIsDownCallsAnswerAtOnceAndWhenItIsBackSharingResumes() throws Exception {
        try (RedisProcess own = RedisProcess.start()) {
            RedisFleetStore a = instance(own.url(), null);
            RecordingListener heardByA = subscribed(a);
            RedisFleetStore b = instance(own.url(), null);
            b.publishOpened("marker", 60_000);
            heardByA.awaitStartingWith("opened marker ");

            own.kill();
            assertEquals(UNAVAILABLE, take(a, "rpm", 1, 10, 1));
            long startedNanos = System.nanoTime();
            long second = take(a, "rpm", 1, 10, 1);
            long elapsedNanos = System.nanoTime() - startedNanos;
            b.publishOpened("during-outage", 60_000);
            a.publishSilence("k", 60_000);

            assertEquals(UNAVAILABLE, second);
            assertEquals(UNAVAILABLE, a.tryTakeProbe("openai", 1, 1000));
            assertTrue(elapsedNanos < TIMEOUT.toNanos(), "no round trip while down: " + elapsedNanos + " ns");

            own.restart();
            Eventually.until(() -> take(a, "rpm", 1, 10, 1) == 0, "tryTake works again");
            heardByA.awaitStartingWith("opened during-outage ");
        }
    }

    @Test
    void aPasswordInTheUrlNeverReachesTheLog() throws Exception {
        String password = "s3cret-Pa55";
        try (LogCapture log = new LogCapture()) {
            try (RedisProcess own = RedisProcess.start("--requirepass", password)) {
                RedisFleetStore store = instance("redis://:" + password + "@127.0.0.1:" + own.port() + "/0", null);
                assertEquals(0, take(store, "rpm", 1, 10, 1), "logged in with the URL's password");

                own.kill();
                assertEquals(UNAVAILABLE, take(store, "rpm", 1, 10, 1));
                own.restart();
                Eventually.until(() -> take(store, "rpm", 1, 10, 1) == 0, "back");
            }
            RedisFleetStore wrong = instance("redis://:wrong-" + password + "@127.0.0.1:1/0", null);
            assertEquals(UNAVAILABLE, take(wrong, "rpm", 1, 10, 1));

            assertEquals(2, log.linesWith("is unreachable; this instance goes on with its local state").size(), "" + log.lines());
            assertEquals(1, log.linesWith("is back; sharing resumes").size(), "" + log.lines());
            assertTrue(log.linesWith("***@127.0.0.1").size() >= 3, "" + log.lines());
            assertEquals(List.of(), log.linesWith(password));
        }
    }

    @Test
    void writesQueuedDuringAnOutageReachRedisInTheirOrder() throws Exception {
        try (RedisProcess own = RedisProcess.start()) {
            RedisFleetStore a = instance(own.url(), null);
            assertEquals(0, take(a, "rpm", 1, 10, 1));
            own.kill();

            a.publishOpened("anthropic", 60_000);
            a.publishClosed("anthropic");
            a.publishOpened("marker", 60_000);
            own.restart();

            try (RedisClient ownDirect = RedisClient.create("127.0.0.1", own.port())) {
                Eventually.until(() -> ownDirect.exists(prefix + "open:marker"), "the queued writes reach Redis");
                assertFalse(ownDirect.exists(prefix + "open:anthropic"), "closed after it opened");
            }
        }
    }

    @Test
    void closeEndsItsThreads() {
        RedisFleetStore store = instance();
        listening(store);

        store.close();

        Eventually.until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(thread -> thread.getName().startsWith("llm-failover-redis-")), "no thread of the store left");
    }

    @Test
    void theInstancesOfAFleetCountThemselvesByTheirHeartbeats() {
        RedisFleetStore first = instance();
        subscribed(first);
        RedisFleetStore second = instance();
        subscribed(second);

        assertEquals(2, second.instances(), "it beat on subscribing, and saw the first's beat");
        Eventually.until(() -> first.instances() == 2, "the first learns of the second at its next beat");
    }

    // ---- helpers

    private RedisFleetStore instance() {
        return instance(fleet.url(), null);
    }

    private RedisFleetStore instance(String url, String password) {
        FleetSettings settings = new FleetSettings(true, URI.create(url), password, TIMEOUT, prefix);
        RedisFleetStore store = new RedisFleetStore(settings);
        fleet.closedAfterTest(store);
        return store;
    }

    private static RecordingListener subscribed(RedisFleetStore store) {
        RecordingListener listener = new RecordingListener();
        store.subscribe(listener);
        return listener;
    }

    /** Subscribed, and already hearing the channel: what is published from now on reaches it. */
    private RecordingListener listening(RedisFleetStore store) {
        RecordingListener listener = subscribed(store);
        String ready = "ready-" + System.nanoTime();
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!listener.events.contains("closed " + ready)) {
            assertTrue(System.nanoTime() < giveUp, "the subscription did not start within 10 s");
            direct.publish(prefix + "events", "2 test-harness closed 0 " + ready);
            sleep(10);
        }
        return listener;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static long take(RedisFleetStore store, String bucket, double amount, double capacity, double perSecond) {
        return store.tryTake(new String[] {bucket}, new double[] {amount}, new double[] {capacity},
                new double[] {perSecond});
    }

    /** What a store's listener heard, one line per event. */
    private static final class RecordingListener implements FleetListener {

        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void silenced(String throttle, long millis) {
            events.add("silenced " + throttle + " " + millis);
        }

        @Override
        public void opened(String breaker, long millis) {
            events.add("opened " + breaker + " " + millis);
        }

        @Override
        public void closed(String breaker) {
            events.add("closed " + breaker);
        }

        void await(String event) {
            Eventually.until(() -> events.contains(event), "heard \"" + event + "\", not only " + events);
        }

        /** The millis of the first event heard that starts so, once heard. */
        long millisOf(String start) {
            awaitStartingWith(start);
            String event = events.stream().filter(heard -> heard.startsWith(start)).findFirst().orElseThrow();
            return Long.parseLong(event.substring(start.length()));
        }

        void awaitStartingWith(String start) {
            Eventually.until(() -> events.stream().anyMatch(event -> event.startsWith(start)),
                    "heard \"" + start + "...\", not only " + events);
        }
    }
}
