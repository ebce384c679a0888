package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.state.redis.FleetMessage.Kind;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FleetMessageTest {

    @Test
    void aSilenceTravelsAsVersionOriginKindMillisAndName() {
        FleetMessage silence = new FleetMessage("i-1", Kind.SILENCE, 30_000, "openai/gpt-4o#key.2-b");

        assertEquals("2 i-1 silence 30000 openai/gpt-4o#key.2-b", silence.encode());
        assertEquals(Optional.of(silence), FleetMessage.decode(silence.encode()));
    }

    @Test
    void theNameComesLastAndMayHoldSpaces() {
        FleetMessage opened = new FleetMessage("i-1", Kind.OPENED, 42, "openai/(other models)");

        assertEquals(Optional.of(opened), FleetMessage.decode("2 i-1 opened 42 openai/(other models)"));
    }

    @Test
    void aClosingLastsNothing() {
        FleetMessage closed = new FleetMessage("i-1", Kind.CLOSED, 0, "anthropic");

        assertEquals("2 i-1 closed 0 anthropic", closed.encode());
        assertEquals(Optional.of(closed), FleetMessage.decode("2 i-1 closed 0 anthropic"));
    }

    @Test
    void aNameLongerThanAnyThisVersionWritesIsNoEvent() {
        String name = "openai/" + "m".repeat(FleetMessage.MAX_NAME);

        assertEquals(Optional.empty(), FleetMessage.decode("2 i-1 opened 42 " + name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2", "2 i-1", "2 i-1 silence", "2 i-1 silence 42", "2 i-1 silence soon k",
        "2 i-1 silence -5 k", "2 i-1 silence 0 k", "2 i-1 closed 42 k", "2 i-1 muted 42 k", "2  silence 42 k",
        "2 i-1 opened 99999999999999999999 k", "2 i-1 opened 42 ", "3 i-1 opened 42 k",
        // what an older instance publishes: an end on its own wall clock, never to be misread as a duration
        "i-1 silence k 1700000000123", "i-1 opened anthropic 42", "i-1 closed anthropic"})
    void anythingElseIsIgnored(String text) {
        assertEquals(Optional.empty(), FleetMessage.decode(text));
    }
}
