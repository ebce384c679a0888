package io.llmfailover.runtime.config;

import java.util.Set;

/**
 * The {@code failover.on} key: which upstream outcomes send a call to the next provider.
 *
 * @param statuses HTTP statuses that fail over
 * @param onTimeout the {@code timeout} token: no response head within {@code timeout.first-byte}
 * @param onConnect the {@code connect} token: no response head because the connection failed
 */
public record FailoverPolicy(Set<Integer> statuses, boolean onTimeout, boolean onConnect) {

    public static final FailoverPolicy DEFAULTS =
            new FailoverPolicy(Set.of(429, 500, 502, 503, 504, 529), true, true);

    public FailoverPolicy {
        statuses = Set.copyOf(statuses);
    }
}
