package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.testing.MachineRequirement;

/** {@code @ExtendWith} on a test class that makes its certificates with openssl. */
final class OpensslInstalled extends MachineRequirement {

    OpensslInstalled() {
        super("openssl is not on the PATH, and the Redis TLS tests make their certificates with it: apt-get install openssl",
                () -> onPath("openssl").isPresent());
    }
}
