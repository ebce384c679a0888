package io.llmfailover.runtime.telemetry;

import java.util.Map;

/**
 * What a gateway's state is now, read when metrics are collected: the gauges of what no call
 * reports as it happens (the queue's length, the fleet, the configured token rates).
 */
public interface StateReadings {

    /** The calls waiting in the queue now. */
    int queueLength();

    /** The instances sharing the state, this one included: 1 when alone. */
    int instances();

    /** {@code local} or {@code redis}. */
    String stateBackend();

    /** Whether the state's store answers now: always, for local state. */
    boolean stateReachable();

    /** {@code provider.<name>.tpm} by provider, where set: tokens per minute per key. */
    Map<String, Long> tokensPerMinute();

    /** Before any gateway: nothing to read. */
    StateReadings NONE = new StateReadings() {
        @Override
        public int queueLength() {
            return 0;
        }

        @Override
        public int instances() {
            return 1;
        }

        @Override
        public String stateBackend() {
            return "local";
        }

        @Override
        public boolean stateReachable() {
            return true;
        }

        @Override
        public Map<String, Long> tokensPerMinute() {
            return Map.of();
        }
    };
}
