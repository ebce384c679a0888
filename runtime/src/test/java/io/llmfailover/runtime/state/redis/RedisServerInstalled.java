package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.testing.MachineRequirement;

/** {@code @ExtendWith} on a test class that runs a real redis-server ({@link RedisProcess}). */
final class RedisServerInstalled extends MachineRequirement {

    static final String MISSING = "redis-server is not on the PATH, and fleet mode's Redis tests run one:"
            + " apt-get install redis-server (or brew install redis)";

    RedisServerInstalled() {
        super(MISSING, () -> onPath("redis-server").isPresent());
    }
}
