package io.llmfailover.e2e;

/** {@code @ExtendWith} on a test class that runs a real redis-server ({@link RedisServer}). */
final class RedisServerInstalled extends MachineRequirement {

    static final String MISSING = "redis-server is not on the PATH, and fleet mode's end-to-end tests run one:"
            + " apt-get install redis-server (or brew install redis)";

    RedisServerInstalled() {
        super(MISSING, () -> onPath("redis-server").isPresent());
    }
}
