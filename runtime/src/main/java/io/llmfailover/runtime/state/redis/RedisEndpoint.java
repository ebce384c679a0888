package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.config.FleetSettings;
import java.net.URI;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * Where the fleet's Redis is and how to log in, read from {@link FleetSettings}: host and port,
 * TLS for {@code rediss://}, the database from the URL's path, and the credentials
 * ({@code state.redis.password} over the URL's). A user-info without a colon is a password alone.
 */
record RedisEndpoint(HostAndPort address, boolean tls, int database, String user, String password, int timeoutMillis) {

    private static final int DEFAULT_PORT = 6379;

    static RedisEndpoint of(FleetSettings settings) {
        URI url = settings.redisUrl();
        String user = null;
        String password = null;
        String userInfo = url.getUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = colon > 0 ? userInfo.substring(0, colon) : null;
            password = colon >= 0 ? userInfo.substring(colon + 1) : userInfo;
        }
        if (settings.password() != null) {
            password = settings.password();
        }
        String host = url.getHost() == null ? "127.0.0.1" : url.getHost();
        int port = url.getPort() < 0 ? DEFAULT_PORT : url.getPort();
        return new RedisEndpoint(
                new HostAndPort(host, port),
                "rediss".equalsIgnoreCase(url.getScheme()),
                database(url),
                user,
                emptyToNull(password),
                (int) Math.max(1, settings.timeout().toMillis()));
    }

    /** For commands: the login a new connection makes ({@link RedisSocket} connects, and speaks TLS). */
    JedisClientConfig commandConfig() {
        return builder().build();
    }

    /**
     * For the subscription: it waits for messages, and for the pongs of the keepalive's pings, at
     * most {@code readTimeoutMillis} at a time; a longer silence means the connection is gone.
     */
    JedisClientConfig subscriptionConfig(int readTimeoutMillis) {
        return builder().blockingSocketTimeoutMillis(readTimeoutMillis).build();
    }

    private DefaultJedisClientConfig.Builder builder() {
        return DefaultJedisClientConfig.builder()
                .socketTimeoutMillis(timeoutMillis)
                .user(user)
                .password(password)
                .database(database)
                .clientName("llm-failover")
                // Its library version, read from Jedis's jar, is unknown inside the agent's.
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
    }

    private static int database(URI url) {
        String path = url.getPath();
        if (path == null || path.length() <= 1) {
            return 0;
        }
        try {
            return Integer.parseInt(path.substring(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "state.redis.url: the path must be a database number, like /0, not " + path, e);
        }
    }

    private static String emptyToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    @Override
    public String toString() {
        return "RedisEndpoint[" + address + (tls ? " tls" : "") + " db " + database + (password != null ? " password ***" : "") + "]";
    }
}
