package io.llmfailover.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LocalResilienceStateTest {

    private final LocalResilienceState state = new LocalResilienceState(BreakerSettings.DEFAULTS,
            ThrottleSettings.DEFAULTS, new ManualClock(), List.of(), List.of(), Set.of("gpt-4o", "deepseek-chat"));

    @Test
    @DisplayName("M3: random model names from callers do not grow the breakers without bound")
    void M3_randomModelNamesCannotGrowStateForever() {
        for (int i = 0; i < 100_000; i++) {
            state.breaker("openai", "random-" + i);
        }

        assertTrue(state.breakerCount() <= LocalResilienceState.MAX_UNNAMED_MODELS, "" + state.breakerCount());
        assertEquals("openai/random-99999", state.breaker("openai", "random-99999").name(),
                "a model past the bound still has a breaker of its own");
    }

    @Test
    void aModelPastTheBoundTakesThePlaceOfTheLeastRecentlyUsedWhoseBreakerIsDropped() {
        List<String> removed = new ArrayList<>();
        LocalResilienceState told = new LocalResilienceState(BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS,
                new ManualClock(), List.of(new BreakerListener() {
                    @Override
                    public void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to) {}

                    @Override
                    public void onRemoved(CircuitBreaker breaker) {
                        removed.add(breaker.name());
                    }
                }), List.of());
        for (int i = 0; i < LocalResilienceState.MAX_UNNAMED_MODELS; i++) {
            told.breaker("openai", "model-" + i);
        }
        CircuitBreaker inUse = told.breaker("openai", "model-0");
        inUse.forceOpen();

        told.breaker("openai", "one-more");

        assertEquals(List.of("openai/model-1"), removed, "model-0 was used since; model-1 was not");
        assertSame(inUse, told.breaker("openai", "model-0"), "the breaker in use keeps its state");
        assertEquals(BreakerState.OPEN, inUse.state());
        assertEquals(LocalResilienceState.MAX_UNNAMED_MODELS, told.breakerCount());
    }

    /** A key id made room for another ({@code KeyPool}): dropping it costs what it owns, not what every key does. */
    @Test
    void forgettingAKeyVisitsItsOwnThrottlesAloneInEveryScope() {
        for (int key = 0; key < 1_000; key++) {
            state.throttle("openai", "app:" + key);
            state.throttle("openai/gpt-4o-mini", "app:" + key);
            state.throttle("anthropic", "app:" + key);
        }
        Throttle otherProvidersOfTheSameName = state.throttle("openai-eu", "app:7");
        Throttle ofTheStep = state.throttle("openai/gpt-4o-mini", "app:7");
        Throttle anotherKeys = state.throttle("openai", "app:8");

        state.forgetKey("openai", "app:7");

        assertEquals(2, state.lastForgetKeyVisits(), "its throttle of the provider and of the step naming a model, of 3,001");
        assertEquals(2_999, state.throttleCount());
        assertFalse(state.controls().throttlesOf("openai").containsKey("app:7"));
        assertNotSame(ofTheStep, state.throttle("openai/gpt-4o-mini", "app:7"), "made afresh at its next use");
        assertSame(anotherKeys, state.throttle("openai", "app:8"));
        assertSame(otherProvidersOfTheSameName, state.throttle("openai-eu", "app:7"));
        assertTrue(state.controls().throttlesOf("anthropic").containsKey("app:7"), "another provider's key of that id stays");
    }

    @Test
    @DisplayName("M3: models the config names keep their own breaker even after a flood of random names")
    void M3_namedModelsStayExactAfterAFlood() {
        for (int i = 0; i < 1_000; i++) {
            state.breaker("openai", "random-" + i);
        }

        CircuitBreaker named = state.breaker("openai", "gpt-4o");
        assertEquals("openai/gpt-4o", named.name());
        assertNotSame(named, state.breaker("openai", "deepseek-chat"));
        assertEquals("openai/random-0", state.breaker("openai", "random-0").name());
    }

    @Test
    void eachProviderHasItsOwnAllowanceOfUnnamedModels() {
        for (int i = 0; i < 1_000; i++) {
            state.breaker("openai", "random-" + i);
        }

        assertEquals("deepseek/random-999", state.breaker("deepseek", "random-999").name());
    }
}
