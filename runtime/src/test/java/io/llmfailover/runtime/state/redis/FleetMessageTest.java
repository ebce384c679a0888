package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.state.redis.FleetMessage.Kind;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FleetMessageTest {

    @Test
    void aSilenceTravelsAsOriginKindNameAndUntil() {
        FleetMessage silence = new FleetMessage("i-1", Kind.SILENCE, "openai/gpt-4o#key.2-b", 1_700_000_000_123L);

        assertEquals("i-1 silence openai/gpt-4o#key.2-b 1700000000123", silence.encode());
        assertEquals(Optional.of(silence), FleetMessage.decode(silence.encode()));
    }

    @Test
    void anOpeningTravelsLikeASilence() {
        FleetMessage opened = new FleetMessage("i-1", Kind.OPENED, "anthropic", 42);

        assertEquals(Optional.of(opened), FleetMessage.decode("i-1 opened anthropic 42"));
    }

    @Test
    void aClosingHasNoUntil() {
        FleetMessage closed = new FleetMessage("i-1", Kind.CLOSED, "anthropic", 0);

        assertEquals("i-1 closed anthropic", closed.encode());
        assertEquals(Optional.of(closed), FleetMessage.decode("i-1 closed anthropic"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "i-1", "i-1 silence", "i-1 silence k", "i-1 silence k soon", "i-1 closed k 42",
        "i-1 muted k 42", "i-1 opened k 42 extra"})
    void anythingElseIsIgnored(String text) {
        assertEquals(Optional.empty(), FleetMessage.decode(text));
    }
}
