package io.llmfailover.runtime.state.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.quota.SharedBuckets;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.testing.SkewedClock;
import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Instances of one fleet, in one JVM on one virtual clock, sharing silences, breakers, probes and quotas. */
class FleetStateTest {

    private static final BreakerSettings BREAKER = new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3,
            Duration.ofSeconds(5), 1);
    /** A concurrency limit of 8 for the fleet, once a provider asked to slow down. */
    private static final ThrottleSettings LIMIT_8 = new ThrottleSettings(true, 8, 1, 64, Duration.ofMinutes(10));
    private static final FailoverConfig CONFIG = new FailoverConfig(Optional.empty(), Map.of(), List.of(), BREAKER,
            LIMIT_8, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());

    private final ManualClock clock = new ManualClock();
    private final InMemoryFleet fleet = new InMemoryFleet(clock);
    private final FleetState first = instance();
    private final FleetState second = instance();

    @Test
    void aKeyOneInstanceWasToldToLeaveAloneIsLeftAloneByTheOthers() {
        Throttle told = first.throttle("openai", "key#0");
        told.tryAcquire().slot().onRateLimited(HttpHeaders.builder().add("retry-after", "30").build());

        Throttle other = second.throttle("openai", "key#0");
        assertEquals(Duration.ofSeconds(30).toMillis(), Duration.ofNanos(other.nanosUntilAllowed()).toMillis(), 1);
        assertEquals(0, second.throttle("openai", "key#1").nanosUntilAllowed(), "another key is not silenced");
    }

    @Test
    void onceAProviderAskedTheFleetToSlowDownEachInstanceHoldsItsShareOfTheKeysLimit() {
        first.throttle("openai", "key#0").tryAcquire().slot()
                .onRateLimited(HttpHeaders.builder().add("retry-after", "1").build());
        clock.advance(Duration.ofSeconds(1));

        Throttle other = second.throttle("openai", "key#0");
        int allowed = 0;
        while (other.tryAcquire().slot() != null && allowed < 100) {
            allowed++;
        }

        assertEquals(4, allowed, "two instances: half of the fleet's limit of 8 each");
    }

    @Test
    void anInstanceThatJoinsLaterLearnsWhatIsInForce() {
        first.throttle("openai", "key#0").tryAcquire().slot()
                .onRateLimited(HttpHeaders.builder().add("retry-after", "30").build());
        clock.advance(Duration.ofSeconds(10));

        FleetState late = instance();

        assertEquals(20, Duration.ofNanos(late.throttle("openai", "key#0").nanosUntilAllowed()).toSeconds(), 1);
    }

    @Test
    void aBreakerOneInstanceOpensIsOpenOnTheOthersUntilTheSameTimeAndClosesWithIt() {
        CircuitBreaker opening = first.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }
        CircuitBreaker other = second.breaker("openai", "gpt-4o");
        assertEquals(BreakerState.OPEN, other.state());
        assertEquals(opening.nanosUntilPermitted() / 1_000_000, other.nanosUntilPermitted() / 1_000_000, 1);

        clock.advance(BREAKER.openDuration());
        BreakerPermit probe = opening.tryAcquire().orElseThrow();
        probe.onSuccess();

        assertEquals(BreakerState.CLOSED, opening.state());
        assertEquals(BreakerState.CLOSED, other.state(), "the fleet heard the provider recovered");
    }

    @Test
    void aRecoveringProviderGetsTheConfiguredProbesFromTheWholeFleet() {
        CircuitBreaker opening = first.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }
        clock.advance(BREAKER.openDuration());

        Optional<BreakerPermit> probe = opening.tryAcquire();
        Optional<BreakerPermit> secondProbe = second.breaker("openai", "gpt-4o").tryAcquire();

        assertTrue(probe.isPresent());
        assertFalse(secondProbe.isPresent(), "half-open-probes = 1 for the fleet, not per instance");
        probe.get().onFailure();
        assertEquals(BreakerState.OPEN, second.breaker("openai", "gpt-4o").state(), "the failed probe reopens the fleet");
    }

    @Test
    void theStateSaysHowManyInstancesShareItAndWhetherItsStoreAnswers() {
        FleetState first = FleetState.start(CONFIG, fleet.instance(), clock, Set.of("openai"), List.of(), List.of());
        InMemoryFleet.View cutOff = fleet.instance();
        FleetState second = FleetState.start(CONFIG, cutOff, clock, Set.of("openai"), List.of(), List.of());

        int sharing = first.instances();
        assertEquals(sharing, second.instances());
        assertEquals("redis", first.backend());
        assertTrue(second.reachable());
        cutOff.down = true;
        assertFalse(second.reachable(), "what the metrics show as llm_failover_state_reachable 0");
        assertEquals(1, second.instances(), "alone, as far as it can tell");
        assertEquals(sharing - 1, first.instances());
    }

    @Test
    void withTheStoreDownEachInstanceDecidesOnItsOwn() {
        InMemoryFleet.View cutOff = fleet.instance();
        FleetState alone = FleetState.start(CONFIG, cutOff, clock, Set.of("openai"), List.of(), List.of());
        cutOff.down = true;
        CircuitBreaker breaker = alone.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            breaker.tryAcquire().orElseThrow().onFailure();
        }
        clock.advance(BREAKER.openDuration());

        assertTrue(breaker.tryAcquire().isPresent(), "a probe the store cannot count goes ahead");
        assertEquals(SharedBuckets.UNAVAILABLE, alone.sharedQuotas().tryTake("openai|openai|key#0", 1, 0,
                new ProviderLimits(10, 0, 0)));
    }

    @Test
    void whatTheFleetSaysOfAProviderThisInstanceDoesNotKnowIsIgnored() {
        FleetState onlyOpenai = FleetState.start(CONFIG, fleet.instance(), clock, Set.of("openai"), List.of(), List.of());

        fleet.instance().publishOpened("unknown/model", 60_000);
        fleet.instance().publishSilence("elsewhere#key#0", 60_000);

        assertEquals(BreakerState.CLOSED, onlyOpenai.breaker("openai", null).state());
    }

    // ---- what the fleet says is input: bounded by the receiver's settings, only for names it knows

    @Test
    void anOpeningTheFleetSaysLastsForeverLastsTheReceiversOpenDurationAtMost() {
        CircuitBreaker breaker = second.breaker("openai", "gpt-4o");

        fleet.instance().publishOpened("openai/gpt-4o", Long.MAX_VALUE);

        assertEquals(BreakerState.OPEN, breaker.state());
        assertEquals(BREAKER.openDuration().toNanos(), breaker.nanosUntilPermitted());
        clock.advance(BREAKER.openDuration());
        assertTrue(breaker.tryAcquire().isPresent(), "a probe goes once the receiver's own open-duration passed");
    }

    @Test
    void aSilenceTheFleetSaysLastsForeverLastsTheReceiversMaxSilenceAtMost() {
        Throttle throttle = second.throttle("openai", "key#0");

        fleet.instance().publishSilence("openai#key#0", Long.MAX_VALUE);

        assertEquals(LIMIT_8.maxSilence().toNanos(), throttle.nanosUntilAllowed());
    }

    @Test
    void anInstanceWhoseWallClockRunsAnHourAheadOpensTheOthersForTheirOwnDurationOnly() {
        FleetState skewed = FleetState.start(CONFIG, fleet.instance(), new SkewedClock(clock, Duration.ofHours(1)), Set.of("openai"), List.of(),
                List.of());
        CircuitBreaker other = second.breaker("openai", "gpt-4o");

        CircuitBreaker opening = skewed.breaker("openai", "gpt-4o");
        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }

        assertEquals(BreakerState.OPEN, other.state());
        assertEquals(BREAKER.openDuration().toNanos(), other.nanosUntilPermitted());
    }

    @Test
    void namesTheFleetSpeaksOfMakeNoStateHereWhateverTheirNumber() {
        FleetStore hostile = fleet.instance();
        for (int i = 0; i < 25_000; i++) { // 100,000 names in all
            hostile.publishOpened("openai/random-model-" + i, 60_000);
            hostile.publishSilence("openai#random-key-" + i, 60_000);
            hostile.publishOpened("nobody-" + i, 60_000);
            hostile.publishSilence("openai/step-" + i + "#key#0", 60_000);
        }

        assertEquals(List.of(), second.controls().breakersOf("openai"));
        assertEquals(Map.of(), second.controls().throttlesOf("openai"));
        assertTrue(second.heldCount() <= 2 * HeldUntilUsed.CAPACITY, "held: " + second.heldCount());
        for (int model = 0; model < LocalResilienceState.MAX_UNNAMED_MODELS; model++) {
            assertEquals("openai/own-" + model, second.breaker("openai", "own-" + model).name(),
                    "the fleet used up none of the models a provider's calls may name");
        }
    }

    @Test
    void whatTheFleetSaidOfANameNotUsedYetAppliesWhenFirstUsedForWhatIsLeft() {
        fleet.instance().publishSilence("openai#key#3", 30_000);
        fleet.instance().publishOpened("openai/gpt-4o-mini", 4_000);
        clock.advance(Duration.ofSeconds(1));

        assertEquals(29, Duration.ofNanos(second.throttle("openai", "key#3").nanosUntilAllowed()).toSeconds());
        assertEquals(3, Duration.ofNanos(second.breaker("openai", "gpt-4o-mini").nanosUntilPermitted()).toSeconds());
    }

    @Test
    void aClosingForgetsAnOpeningHeldForAModelNotUsedYet() {
        fleet.instance().publishOpened("openai/gpt-4o-mini", 8_000);
        fleet.instance().publishClosed("openai/gpt-4o-mini");

        assertEquals(BreakerState.CLOSED, second.breaker("openai", "gpt-4o-mini").state());
    }

    @Test
    void anAzureResourceThisInstanceCalledSharesItsBreakersAndOneItNeverCalledIsIgnored() {
        FleetState azureCaller = FleetState.start(CONFIG, fleet.instance(), clock, Set.of("openai", "azure-openai"),
                List.of(), List.of());
        CircuitBreaker known = azureCaller.breaker("azure-openai:contoso", "gpt-4o");
        CircuitBreaker opening = first.breaker("azure-openai:contoso", "gpt-4o");

        for (int failure = 0; failure < 3; failure++) {
            opening.tryAcquire().orElseThrow().onFailure();
        }
        fleet.instance().publishOpened("azure-openai:fabrikam/gpt-4o", 8_000);

        assertEquals(BreakerState.OPEN, known.state(), "a resource this instance called hears of its opening");
        assertEquals(0, azureCaller.heldCount(), "a resource it never called is not held");
        assertEquals(BreakerState.CLOSED, azureCaller.breaker("azure-openai:fabrikam", "gpt-4o").state());
    }

    @Test
    void theConfiguredQuotaIsOneForTheWholeFleet() {
        ProviderLimits threePerMinute = new ProviderLimits(3, 0, 0);
        int taken = 0;
        for (int call = 0; call < 5; call++) {
            FleetState instance = call % 2 == 0 ? first : second;
            if (instance.sharedQuotas().tryTake("openai|openai|key#0", 1, 0, threePerMinute) == 0) {
                taken++;
            }
        }
        assertEquals(3, taken);
    }

    private FleetState instance() {
        return FleetState.start(CONFIG, fleet.instance(), clock, Set.of("openai"), List.of(), List.of());
    }
}
