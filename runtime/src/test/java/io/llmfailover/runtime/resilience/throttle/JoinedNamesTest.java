package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class JoinedNamesTest {

    @Test
    void aPairIsJoinedWithTheSeparatorAndTheSameNameIsHandedOutAgain() {
        JoinedNames names = new JoinedNames('/', 10);

        String first = names.join("openai", "gpt-4o");

        assertEquals("openai/gpt-4o", first);
        assertSame(first, names.join("openai", "gpt-4o"));
        assertEquals("openai/gpt-4.1", names.join("openai", "gpt-4.1"));
        assertEquals("anthropic/gpt-4o", names.join("anthropic", "gpt-4o"));
    }

    @Test
    void pastItsBoundANameIsStillRightButMadeAfreshSoCallersCannotGrowIt() {
        JoinedNames names = new JoinedNames('#', 2);
        names.join("openai", "app:1");
        names.join("openai", "app:2");

        String third = names.join("openai", "app:3");

        assertEquals("openai#app:3", third);
        String again = names.join("openai", "app:3");
        assertEquals(third, again);
        assertNotSame(third, again);
        assertSame(names.join("openai", "app:1"), names.join("openai", "app:1"));
    }
}
