package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code cache.*} keys: the last-resort cache is off, and keeps no request with tools, unless told. */
class CacheKeysTest {

    @TempDir
    Path workDir;

    private final Properties system = new Properties();

    @Test
    void byDefaultTheCacheIsOffAndKeepsNoRequestWithTools() throws Exception {
        assertEquals(new CacheSettings(false, 1000, Duration.ofMinutes(10), false), load().shaping().cache());
    }

    @Test
    void everyKeyIsRead() throws Exception {
        system.setProperty("llm.failover.cache.last-resort", "true");
        system.setProperty("llm.failover.cache.max-entries", "50");
        system.setProperty("llm.failover.cache.ttl", "2m");
        system.setProperty("llm.failover.cache.tools", "true");

        assertEquals(new CacheSettings(true, 50, Duration.ofMinutes(2), true), load().shaping().cache());
    }

    @Test
    void aTypoUnderCacheIsReported() {
        system.setProperty("llm.failover.cache.tool", "true");

        ConfigException problem = assertThrows(ConfigException.class, this::load);

        assertTrue(problem.getMessage().contains("cache.tools"), problem.getMessage());
    }

    private FailoverConfig load() throws ConfigException {
        return ConfigLoader.load(null, Map.of(), system, workDir);
    }
}
