package io.llmfailover.runtime.state.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class FleetLogTest {

    @Test
    void aNameFromTheFleetCannotStartALineOfItsOwn() {
        assertEquals("primary/gpt-4o??2026 INFO forged?", FleetLog.printable("primary/gpt-4o\r\n2026 INFO forged\u001b"));
    }

    @Test
    void anOrdinaryNameIsWrittenAsItIs() {
        String name = "primary/gpt-4o#app:9c0d1e4b5a693f2a";
        assertSame(name, FleetLog.printable(name));
    }
}
