package io.llmfailover.runtime.state.redis;

import static io.llmfailover.runtime.state.fleet.FleetStore.UNAVAILABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.LogCapture;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.params.SetParams;

/**
 * {@code state.redis.timeout} is a deadline for a whole round trip, against a real redis-server
 * made slow: a Redis that trickles its bytes costs a call the timeout, not the time it takes;
 * many callers on few connections queue, and are not an outage; a subscription on a Redis that
 * stops answering is noticed by its keepalive, made again and replayed.
 */
@ExtendWith(RedisServerInstalled.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisRoundTripsTest {

    private static final Duration TIMEOUT = Duration.ofMillis(250);

    @RegisterExtension
    static final RedisFleetFixture fleet = new RedisFleetFixture("--enable-debug-command", "yes");

    private final RedisClient direct = fleet.direct();
    private String prefix;

    @BeforeEach
    void joinTheTestsFleet() {
        prefix = fleet.prefix();
    }

    @Test
    void aRedisThatTricklesItsBytesCostsACallTheTimeoutNotTheTimeItTakes() throws Exception {
        try (LaggingProxy slow = LaggingProxy.trickling(fleet.port(), Duration.ofMillis(100))) {
            RedisFleetStore store = store(slow.url(), Duration.ofSeconds(2));
            direct.scriptFlush(); // so that the script is sent whole after a NOSCRIPT: a longer answer to trickle

            long startedNanos = System.nanoTime();
            long answer = take(store);
            long elapsedNanos = System.nanoTime() - startedNanos;

            assertTrue(elapsedNanos < 10 * TIMEOUT.toNanos(), "the call waited " + Duration.ofNanos(elapsedNanos)
                    + ", not about the timeout of " + TIMEOUT);
            assertEquals(UNAVAILABLE, answer);
            assertEquals(1, store.timedOut(), "the store counts the round trip that outlasted its deadline");
        }
    }

    @Test
    void sixtyFourAskersOnEightConnectionsQueueAndAreNoOutage() throws Exception {
        try (LaggingProxy lagging = LaggingProxy.lagging(fleet.port(), Duration.ofMillis(20));
                LogCapture log = new LogCapture()) {
            RedisFleetStore store = store(lagging.url(), Duration.ofSeconds(2));
            assertEquals(0, take(store), "a round trip well within the timeout");

            ExecutorService askers = Executors.newFixedThreadPool(64);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Long>> answers = new ArrayList<>();
            for (int asker = 0; asker < 64; asker++) {
                answers.add(askers.submit(() -> {
                    go.await();
                    return take(store);
                }));
            }
            go.countDown();
            int answered = 0;
            int unavailable = 0;
            for (Future<Long> answer : answers) {
                if (answer.get(30, TimeUnit.SECONDS) == UNAVAILABLE) {
                    unavailable++;
                } else {
                    answered++;
                }
            }
            askers.shutdownNow();

            assertEquals(unavailable, store.busy(), "every ask refused was one that found no connection in time: "
                    + answered + " answered");
            assertEquals(0, store.timedOut());
            assertEquals(List.of(), log.linesWith("is unreachable"), "a busy instance is not an outage");
            assertEquals(0, take(store), "sharing goes on");
        }
    }

    @Test
    void aSubscriptionOnARedisThatStopsAnsweringIsMadeAgainAndReplays() throws Exception {
        RedisFleetStore store = store(fleet.url(), Duration.ofMillis(200));
        List<String> heard = new CopyOnWriteArrayList<>();
        store.subscribe(new FleetListener() {
            @Override
            public void silenced(String throttle, long millis) {}

            @Override
            public void opened(String breaker, long millis) {
                heard.add(breaker);
            }

            @Override
            public void closed(String breaker) {}
        });
        Eventually.until(() -> store.subscriptions() == 1, "subscribed");
        direct.set(prefix + "open:unseen", "1", SetParams.setParams().px(60_000)); // in force, never published

        try (Jedis pausing = new Jedis("127.0.0.1", fleet.port(), 10_000)) {
            ProtocolCommand debug = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);
            pausing.sendCommand(debug, "SLEEP", "2");
        }

        Eventually.until(() -> heard.contains("unseen"), "the subscription was made again and replayed: " + heard);
        assertTrue(store.subscriptions() >= 2, "subscriptions: " + store.subscriptions());
    }

    private RedisFleetStore store(String url, Duration beatEvery) {
        FleetSettings settings = new FleetSettings(true, URI.create(url), null, TIMEOUT, prefix);
        RedisFleetStore store = new RedisFleetStore(settings, () -> (SSLSocketFactory) SSLSocketFactory.getDefault(), beatEvery);
        fleet.closedAfterTest(store);
        return store;
    }

    private static long take(RedisFleetStore store) {
        return store.tryTake(new String[] {"rpm"}, new double[] {1}, new double[] {1e9}, new double[] {1e6});
    }
}
