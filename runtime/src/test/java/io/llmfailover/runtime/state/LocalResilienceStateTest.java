package io.llmfailover.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.time.ManualClock;
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

        assertTrue(state.breakerCount() <= LocalResilienceState.MAX_UNNAMED_MODELS + 1, "" + state.breakerCount());
        assertSame(state.breaker("openai", "random-90000"), state.breaker("openai", "random-99999"),
                "models beyond the cap share one breaker per provider");
        assertEquals("openai/" + LocalResilienceState.OTHER_MODELS, state.breaker("openai", "random-99999").name());
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
        assertEquals("openai/random-0", state.breaker("openai", "random-0").name(), "models seen first stay exact");
    }

    @Test
    void eachProviderHasItsOwnAllowanceOfUnnamedModels() {
        for (int i = 0; i < 1_000; i++) {
            state.breaker("openai", "random-" + i);
        }

        assertEquals("deepseek/random-999", state.breaker("deepseek", "random-999").name());
    }
}
