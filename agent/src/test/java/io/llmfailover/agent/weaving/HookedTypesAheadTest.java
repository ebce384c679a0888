package io.llmfailover.agent.weaving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HookedTypesAheadTest {

    static volatile boolean initialised;

    /** Stands for a client class: initialising it runs the app's code. */
    static final class HookedClient {
        static {
            initialised = true;
        }
    }

    private final List<String> loadedOn = new CopyOnWriteArrayList<>();
    private final CountDownLatch askedForBoth = new CountDownLatch(2);
    private final ClassLoader appLoader = new ClassLoader(HookedTypesAheadTest.class.getClassLoader()) {
        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("io.llmfailover.agent.weaving.HookedTypesAheadTest") || name.startsWith("com.example.")) {
                loadedOn.add(name.substring(name.lastIndexOf('.') + 1) + " on " + Thread.currentThread().getName());
                askedForBoth.countDown();
            }
            return super.loadClass(name, resolve);
        }
    };

    @Test
    void loadsTheHookedClassesThroughTheClientsLoaderWithoutInitialisingThem() {
        int loaded = HookedTypesAhead.load(List.of(HookedClient.class.getName(), "com.example.NotInThisVersion"), appLoader);

        assertEquals(1, loaded, "a class missing from this version of the client is left out");
        assertFalse(initialised, "loaded only: none of the app's code runs sooner than it would");
        assertEquals(List.of("HookedTypesAheadTest$HookedClient on " + Thread.currentThread().getName(),
                "NotInThisVersion on " + Thread.currentThread().getName()), loadedOn);
    }

    @Test
    void loadsThemOnAThreadOfItsOwnNotTheAppsThread() throws Exception {
        HookedTypesAhead.start(() -> List.of(HookedClient.class.getName(), "com.example.NotInThisVersion"), appLoader);

        assertTrue(askedForBoth.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("HookedTypesAheadTest$HookedClient on llm-failover-load-ahead",
                "NotInThisVersion on llm-failover-load-ahead"), loadedOn);
        assertFalse(initialised);
    }
}
