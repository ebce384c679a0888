package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code queue.*} keys: no queue unless {@code queue.max-wait} asks for one. */
class QueueKeysTest {

    @TempDir
    Path workDir;

    private final Properties system = new Properties();

    @Test
    void byDefaultThereIsNoQueue() throws Exception {
        QueueSettings queue = load().shaping().queue();

        assertEquals(new QueueSettings(Duration.ZERO, 1000), queue);
        assertFalse(queue.enabled());
        assertEquals(QueueSettings.OFF, TrafficShaping.NONE.queue());
    }

    @Test
    void everyKeyIsRead() throws Exception {
        system.setProperty("llm.failover.queue.max-wait", "800ms");
        system.setProperty("llm.failover.queue.max-length", "50");

        QueueSettings queue = load().shaping().queue();

        assertEquals(new QueueSettings(Duration.ofMillis(800), 50), queue);
        assertTrue(queue.enabled());
    }

    @Test
    void aBareZeroOrOffMeansNoQueue() throws Exception {
        system.setProperty("llm.failover.queue.max-wait", "0");
        assertFalse(load().shaping().queue().enabled());

        system.setProperty("llm.failover.queue.max-wait", "off");
        assertFalse(load().shaping().queue().enabled());
    }

    @Test
    void aMaxWaitWithoutAUnitIsReported() {
        system.setProperty("llm.failover.queue.max-wait", "800");

        ConfigException problem = assertThrows(ConfigException.class, this::load);

        assertTrue(problem.getMessage().contains("queue.max-wait"), problem.getMessage());
    }

    @Test
    void aTypoUnderQueueIsReported() {
        system.setProperty("llm.failover.queue.max-lenght", "5");

        ConfigException problem = assertThrows(ConfigException.class, this::load);

        assertTrue(problem.getMessage().contains("queue.max-length"), problem.getMessage());
    }

    private FailoverConfig load() throws ConfigException {
        return ConfigLoader.load(null, Map.of(), system, workDir);
    }
}
