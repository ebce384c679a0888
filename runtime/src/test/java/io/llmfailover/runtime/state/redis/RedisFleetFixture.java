package io.llmfailover.runtime.state.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.RedisClient;

/**
 * A real redis-server for a test class ({@code @RegisterExtension static}), a client that reaches
 * it directly, and a fleet of its own for each test: a fresh key prefix, and what the test made
 * closed after it.
 */
final class RedisFleetFixture implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private static final AtomicInteger FLEETS = new AtomicInteger();

    private final String[] serverArguments;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private RedisProcess redis;
    private RedisClient direct;
    private String prefix;

    /** @param serverArguments more of redis-server's options, like {@code --enable-debug-command yes} */
    RedisFleetFixture(String... serverArguments) {
        this.serverArguments = serverArguments;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        redis = RedisProcess.start(serverArguments);
        direct = RedisClient.create("127.0.0.1", redis.port());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        prefix = "fleet-" + FLEETS.incrementAndGet() + ":";
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (AutoCloseable made : closing) {
            made.close();
        }
        closing.clear();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        // Where redis-server failed to start, neither was made: nothing to close, no noise to add.
        if (direct != null) {
            direct.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    /** Closed once the test ends. */
    <T extends AutoCloseable> T closedAfterTest(T made) {
        closing.add(made);
        return made;
    }

    /** The current test's fleet: before every key and its channel. */
    String prefix() {
        return prefix;
    }

    RedisClient direct() {
        return direct;
    }

    String url() {
        return redis.url();
    }

    int port() {
        return redis.port();
    }
}
