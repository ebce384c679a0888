package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FleetKeysTest {

    private final FleetKeys keys = new FleetKeys("llm-failover:");

    @Test
    void everyKeyAndTheChannelStartWithThePrefix() {
        assertEquals("llm-failover:bucket:openai/key#1", keys.bucket("openai/key#1"));
        assertEquals("llm-failover:silence:openai/key#1", keys.silence("openai/key#1"));
        assertEquals("llm-failover:open:anthropic", keys.open("anthropic"));
        assertEquals("llm-failover:probes:anthropic", keys.probes("anthropic"));
        assertEquals("llm-failover:events", keys.events());
    }

    @Test
    void theNameIsWhatFollowsThePrefixAndTheKind() {
        assertEquals("openai/key#1", keys.nameIn("llm-failover:silence:openai/key#1", FleetKeys.SILENCE));
    }

    @Test
    void aPrefixWithGlobCharactersIsMatchedLiterally() {
        assertEquals("fleet\\*\\?\\[1\\]\\\\:open:*", new FleetKeys("fleet*?[1]\\:").patternFor(FleetKeys.OPEN));
    }
}
