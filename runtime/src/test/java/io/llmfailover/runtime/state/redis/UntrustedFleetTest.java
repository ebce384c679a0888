package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.fleet.FleetState;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.SkewedClock;
import io.llmfailover.runtime.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * What a stale, skewed, buggy or hostile fleet can do to an instance, against a real redis-server:
 * whatever Redis holds or publishes, an opening lasts at most the receiver's own
 * {@code breaker.open-duration}, a silence its own {@code throttle.max-silence}, end times come
 * from the server's clock, every key expires, and names make no state.
 */
@ExtendWith(RedisServerInstalled.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UntrustedFleetTest {

    private static final Duration OPEN_DURATION = Duration.ofSeconds(2);
    private static final Duration MAX_SILENCE = Duration.ofSeconds(30);
    private static final FailoverConfig CONFIG = new FailoverConfig(Optional.empty(), Map.of(), List.of(),
            new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, OPEN_DURATION, 1),
            new ThrottleSettings(true, 8, 1, 64, MAX_SILENCE), Duration.ofSeconds(2), FailoverPolicy.DEFAULTS,
            Map.of(), false, Map.of());
    private static final Set<String> PROVIDERS = Set.of("openai", "anthropic");
    private static final long A_YEAR_MILLIS = Duration.ofDays(365).toMillis();

    @RegisterExtension
    static final RedisFleetFixture fleet = new RedisFleetFixture();

    private final RedisClient direct = fleet.direct();
    private String prefix;

    @BeforeEach
    void joinTheTestsFleet() {
        prefix = fleet.prefix();
    }

    @Test
    void aFarFuturePublishOpensABreakerForTheReceiversOpenDurationAtMostInAnyFormat() {
        CircuitBreaker breaker = instance(Clock.SYSTEM).breaker("openai", "gpt-4o");

        // What 9b36808 published (an end on the sender's wall clock), then what this version does (a duration).
        direct.publish(prefix + "events", "hostile opened openai/gpt-4o " + (System.currentTimeMillis() + A_YEAR_MILLIS));
        direct.publish(prefix + "events", "2 hostile opened " + A_YEAR_MILLIS + " openai/gpt-4o");
        Eventually.until(() -> breaker.state() == BreakerState.OPEN, "the opening arrives");

        assertOpenAtMostTheOpenDuration(breaker);
    }

    @Test
    void farFutureKeysAreReplayedForTheReceiversOwnDurationsAtMost() {
        long farEnd = System.currentTimeMillis() + A_YEAR_MILLIS;
        direct.set(prefix + "open:openai/gpt-4o", Long.toString(farEnd)); // no expiry: no version writes that
        direct.set(prefix + "open:anthropic", Long.toString(farEnd), SetParams.setParams().px(A_YEAR_MILLIS));
        direct.set(prefix + "silence:openai#key#0", Long.toString(farEnd), SetParams.setParams().px(A_YEAR_MILLIS));

        FleetState starting = instance(Clock.SYSTEM);
        CircuitBreaker openai = starting.breaker("openai", "gpt-4o");
        CircuitBreaker anthropic = starting.breaker("anthropic", null);
        Throttle key = starting.throttle("openai", "key#0");

        assertOpenAtMostTheOpenDuration(openai);
        assertEquals(BreakerState.OPEN, anthropic.state(), "an opening with a year left is in force");
        assertOpenAtMostTheOpenDuration(anthropic);
        assertTrue(key.nanosUntilAllowed() > 0 && key.nanosUntilAllowed() <= MAX_SILENCE.toNanos(),
                "silent for max-silence at most: " + key.nanosUntilAllowed());
    }

    @Test
    void aProbeCountLeftWithoutExpiryRefusesProbesForOneWindowAtMost() {
        direct.set(prefix + "probes:openai", "1000000");
        RedisFleetStore store = store();

        assertEquals(0, store.tryTakeProbe("openai", 1, 300), "the count is spent for this window");
        assertTrue(direct.pttl(prefix + "probes:openai") > 0, "and now expires");
        Eventually.until(() -> store.tryTakeProbe("openai", 1, 300) == 1, "a probe is granted once the window passed");
        store.close();
    }

    @Test
    void anInstanceWhoseWallClockRunsAnHourAheadNeitherStretchesNorShortensWhatTheOthersApply() {
        FleetState skewed = instance(new SkewedClock(Clock.SYSTEM, Duration.ofHours(1)));
        FleetState honest = instance(Clock.SYSTEM);
        CircuitBreaker honestsBreaker = honest.breaker("openai", "gpt-4o");
        Throttle honestsKey = honest.throttle("openai", "key#0");
        CircuitBreaker skewedsBreaker = skewed.breaker("anthropic", null);

        CircuitBreaker opening = skewed.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }
        skewed.throttle("openai", "key#0").tryAcquire().slot()
                .onRateLimited(HttpHeaders.builder().add("retry-after", "1").build());
        CircuitBreaker honestOpening = honest.breaker("anthropic", null);
        for (int failure = 0; failure < 3; failure++) {
            honestOpening.tryAcquire().orElseThrow().onFailure();
        }

        Eventually.until(() -> honestsBreaker.state() == BreakerState.OPEN, "the skewed instance's opening arrives");
        assertOpenAtMostTheOpenDuration(honestsBreaker);
        Eventually.until(() -> honestsKey.nanosUntilAllowed() > 0, "the skewed instance's silence arrives");
        assertTrue(honestsKey.nanosUntilAllowed() <= TimeUnit.SECONDS.toNanos(1),
                "silent for the second the provider asked: " + honestsKey.nanosUntilAllowed());
        Eventually.until(() -> skewedsBreaker.state() == BreakerState.OPEN,
                "the skewed instance applies what an honest one tells it");
        assertTrue(skewedsBreaker.nanosUntilPermitted() > OPEN_DURATION.toNanos() / 2,
                "for about the open-duration: " + skewedsBreaker.nanosUntilPermitted());
    }

    @Test
    void aHundredThousandNamesFromTheFleetMakeNoStateOnTheInstancesThatHearThem() {
        FleetState listening = instance(Clock.SYSTEM);
        CircuitBreaker marker = listening.breaker("openai", "marker");
        try (AbstractPipeline pipeline = direct.pipelined()) {
            for (int i = 0; i < 100_000; i++) {
                String random = Long.toHexString(ThreadLocalRandom.current().nextLong());
                switch (i % 5) {
                    case 0 -> pipeline.publish(prefix + "events", "2 hostile opened 60000 openai/" + random);
                    case 1 -> pipeline.publish(prefix + "events", "2 hostile silence 60000 openai#" + random);
                    case 2 -> pipeline.publish(prefix + "events", "hostile silence openai#" + random + " "
                            + (System.currentTimeMillis() + 60_000));
                    case 3 -> pipeline.set(prefix + "silence:openai#" + random, "1", SetParams.setParams().px(60_000));
                    default -> pipeline.set(prefix + "open:openai/" + random, "1", SetParams.setParams().px(60_000));
                }
            }
            pipeline.sync();
        }
        direct.set(prefix + "open:openai/marker", "1", SetParams.setParams().px(60_000));
        direct.publish(prefix + "events", "2 hostile opened 60000 openai/marker");
        direct.publish(prefix + "events", "hostile opened openai/marker " + (System.currentTimeMillis() + 60_000));
        Eventually.until(() -> marker.state() == BreakerState.OPEN, "every message before the marker was read");

        FleetState starting = instance(Clock.SYSTEM);

        for (FleetState instance : List.of(listening, starting)) {
            assertTrue(instance.controls().breakersOf("openai").size() <= 1,
                    "breakers made on the fleet's word: " + instance.controls().breakersOf("openai").size());
            assertEquals(0, instance.controls().throttlesOf("openai").size(), "throttles made on the fleet's word");
        }
        CircuitBreaker used = starting.breaker("openai", "gpt-4o");
        direct.publish(prefix + "events", "2 hostile opened 60000 openai/gpt-4o");
        Eventually.until(() -> used.state() == BreakerState.OPEN, "a name it uses is still heard");
    }

    @Test
    void anAzureResourceAnInstanceCalledSharesItsOpeningsWithIt() {
        FleetState calling = instance(Clock.SYSTEM, Set.of("azure-openai"));
        FleetState other = instance(Clock.SYSTEM, Set.of("azure-openai"));
        CircuitBreaker heard = other.breaker("azure-openai:contoso", "gpt-4o");

        CircuitBreaker opening = calling.breaker("azure-openai:contoso", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }

        Eventually.until(() -> heard.state() == BreakerState.OPEN, "the resource's opening reaches the other instance");
        assertOpenAtMostTheOpenDuration(heard);
    }

    @Test
    void everyKeyTheFleetWritesExpires() {
        FleetState instance = instance(Clock.SYSTEM);
        CircuitBreaker breaker = instance.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            breaker.tryAcquire().orElseThrow().onFailure();
        }
        instance.throttle("openai", "key#0").tryAcquire().slot()
                .onRateLimited(HttpHeaders.builder().add("retry-after", "20").build());
        ProviderLimits limits = new ProviderLimits(600, 100_000, 0);
        instance.sharedQuotas().tryTake("openai\nopenai\nkey#0", 1, 500, limits);
        instance.sharedQuotas().giveBack("openai\nopenai\nkey#0", 1, 400, limits);
        direct.del(prefix + "bucket:openai|openai|key#0|rpm"); // the give-back makes it again, full
        instance.sharedQuotas().giveBack("openai\nopenai\nkey#0", 1, 400, limits);
        RedisFleetStore store = store();
        store.tryTakeProbe("openai/gpt-4o", 1, 5_000);
        store.close();
        Eventually.until(() -> keysOfFleet().size() >= 5, "the writes reach Redis: " + keysOfFleet());

        for (String key : keysOfFleet()) {
            long ttl = direct.pttl(key);
            assertTrue(ttl > 0, key + " expires: " + ttl);
        }
    }

    private void assertOpenAtMostTheOpenDuration(CircuitBreaker breaker) {
        long left = breaker.nanosUntilPermitted();
        assertTrue(left <= OPEN_DURATION.toNanos(), breaker.name() + " is open for " + Duration.ofNanos(left)
                + ", longer than its own open-duration of " + OPEN_DURATION);
    }

    private List<String> keysOfFleet() {
        List<String> found = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = direct.scan(cursor, new ScanParams().match(prefix + "*").count(100));
            found.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
        return found;
    }

    private FleetState instance(Clock clock) {
        return instance(clock, PROVIDERS);
    }

    private FleetState instance(Clock clock, Set<String> providers) {
        FleetState state = FleetState.start(CONFIG, store(), clock, providers, List.of(), List.of());
        return fleet.closedAfterTest(state);
    }

    private RedisFleetStore store() {
        return new RedisFleetStore(new FleetSettings(true, URI.create(fleet.url()), null, Duration.ofMillis(250), prefix));
    }
}
