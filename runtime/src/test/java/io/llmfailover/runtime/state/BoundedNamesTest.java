package io.llmfailover.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class BoundedNamesTest {

    private final List<String> evicted = new ArrayList<>();
    private final BoundedNames names = new BoundedNames(3, (group, name) -> evicted.add(group + "/" + name));

    @Test
    void everyNameIsItsOwnAndTheLeastRecentlyUsedMakesRoom() {
        names.admit("openai", "a");
        names.admit("openai", "b");
        names.admit("openai", "c");
        names.admit("openai", "a");

        assertEquals("d", names.admit("openai", "d"));

        assertEquals(List.of("openai/b"), evicted);
        assertTrue(names.contains("openai", "a"));
        assertFalse(names.contains("openai", "b"));
    }

    @Test
    void aNameDroppedComesBackAsANewOne() {
        for (String name : List.of("a", "b", "c", "d", "a")) {
            names.admit("openai", name);
        }

        assertEquals(List.of("openai/a", "openai/b"), evicted);
        assertTrue(names.contains("openai", "a"));
    }

    @Test
    void eachGroupHasItsOwnRoom() {
        for (String name : List.of("a", "b", "c")) {
            names.admit("openai", name);
            names.admit("anthropic", name);
        }

        assertEquals(List.of(), evicted);
    }

    /** A new tenant never waits on another's eviction: the dropped name's state is dropped outside the group's lock. */
    @Test
    void anotherNewNameIsAdmittedWhileAnEvictionIsStillDropping() {
        AtomicBoolean firstEviction = new AtomicBoolean(true);
        AtomicReference<BoundedNames> bounded = new AtomicReference<>();
        bounded.set(new BoundedNames(1, (group, name) -> {
            if (firstEviction.getAndSet(false)) {
                CompletableFuture.runAsync(() -> bounded.get().admit(group, "c")).orTimeout(10, TimeUnit.SECONDS).join();
            }
        }));

        bounded.get().admit("openai", "a");
        bounded.get().admit("openai", "b");

        assertTrue(bounded.get().contains("openai", "c"), "admitted on another thread while a's state was being dropped");
        assertFalse(bounded.get().contains("openai", "a"));
    }

    @Test
    void aCarriedOverCopyKeepsTheNamesAndTheirOrderOfUseButThoseOfTheForgottenGroups() {
        for (String name : List.of("a", "b", "c", "a")) {
            names.admit("openai", name);
            names.admit("anthropic", name);
        }
        List<String> evictedByTheCopy = new ArrayList<>();

        BoundedNames carried = names.carriedOver((group, name) -> evictedByTheCopy.add(group + "/" + name), Set.of("anthropic"));
        carried.admit("openai", "d");
        carried.admit("anthropic", "d");

        assertEquals(List.of("openai/b"), evictedByTheCopy, "b was used least recently; anthropic's names were forgotten");
        assertEquals(List.of(), evicted, "the copy tells its own eviction");
        assertFalse(carried.contains("anthropic", "a"));
        assertTrue(names.contains("openai", "b"), "the original is left as it was");
    }

    @Test
    void aFloodKeepsTheRoomAndTheNamesInUse() {
        for (int i = 0; i < 100_000; i++) {
            names.admit("openai", "in-use");
            names.admit("openai", "random-" + i);
        }

        assertTrue(names.contains("openai", "in-use"));
        assertEquals(100_000 - 2, evicted.size(), "all but the last random name and the first, whose room was free");
    }
}
