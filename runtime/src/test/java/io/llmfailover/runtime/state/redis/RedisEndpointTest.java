package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.FleetSettings;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedisEndpointTest {

    @Test
    void readsHostPortAndDatabaseFromTheUrl() {
        RedisEndpoint endpoint = endpointOf("redis://10.0.0.7:6380/3", null);

        assertEquals("10.0.0.7", endpoint.address().getHost());
        assertEquals(6380, endpoint.address().getPort());
        assertEquals(3, endpoint.database());
        assertFalse(endpoint.tls());
        assertNull(endpoint.password());
    }

    @Test
    void defaultsToPort6379AndDatabase0() {
        RedisEndpoint endpoint = endpointOf("redis://cache", null);

        assertEquals(6379, endpoint.address().getPort());
        assertEquals(0, endpoint.database());
    }

    @Test
    void redissMeansTls() {
        assertTrue(endpointOf("rediss://cache:6380/0", null).tls());
    }

    @Test
    void takesUserAndPasswordFromTheUrl() {
        RedisEndpoint endpoint = endpointOf("redis://app:p%40ss@cache:6379/0", null);

        assertEquals("app", endpoint.user());
        assertEquals("p@ss", endpoint.password());
    }

    @Test
    void takesAPasswordAloneFromTheUrl() {
        assertEquals("secret", endpointOf("redis://:secret@cache/0", null).password());
        assertNull(endpointOf("redis://:secret@cache/0", null).user());
        assertEquals("secret", endpointOf("redis://secret@cache/0", null).password());
    }

    @Test
    void theSettingsPasswordWinsOverTheUrls() {
        assertEquals("from-settings", endpointOf("redis://:from-url@cache/0", "from-settings").password());
    }

    @Test
    void neverPrintsThePassword() {
        assertFalse(endpointOf("redis://:secret@cache/0", null).toString().contains("secret"));
    }

    @Test
    void aPathThatIsNotADatabaseNumberIsRejectedWithTheValue() {
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> endpointOf("redis://cache/cache", null));

        assertTrue(error.getMessage().contains("state.redis.url") && error.getMessage().contains("/cache"));
    }

    private static RedisEndpoint endpointOf(String url, String password) {
        return RedisEndpoint.of(new FleetSettings(true, URI.create(url), password, Duration.ofMillis(20), "p:"));
    }
}
