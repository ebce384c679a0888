package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CommandTest {

    @Test
    void aCommandReadsBackAsItWasWritten() {
        Command sent = Command.of("sequential").with("client", "okhttp").with("calls", 500).with("stream", true);

        Command read = Command.parse(sent.encode());

        assertEquals("sequential client=okhttp calls=500 stream=true", sent.encode());
        assertEquals("sequential", read.verb());
        assertEquals("okhttp", read.get("client"));
        assertEquals(500, read.number("calls"));
        assertEquals("-", read.getOrDefault("fallback", "-"));
    }

    @Test
    void aMissingFieldIsNamed() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Command.parse("RESULT calls=3").get("errors"));

        assertEquals("no errors in: RESULT calls=3", missing.getMessage());
    }
}
