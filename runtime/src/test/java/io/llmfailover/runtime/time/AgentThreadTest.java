package io.llmfailover.runtime.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class AgentThreadTest {

    @Test
    void aThreadStartedFromAnAppsThreadKeepsNoneOfItsClassLoader() throws Exception {
        ClassLoader webApp = new URLClassLoader(new URL[0], null);
        AtomicReference<Thread> created = new AtomicReference<>();
        Thread request = new Thread(() -> created.set(AgentThread.daemon("llm-failover-test", () -> {})));
        request.setContextClassLoader(webApp);
        request.start();
        request.join();

        Thread thread = created.get();
        assertSame(ClassLoader.getSystemClassLoader(), thread.getContextClassLoader());
        assertTrue(thread.isDaemon());
        assertEquals("llm-failover-test", thread.getName());
        assertFalse(thread.isAlive(), "not started");
    }
}
