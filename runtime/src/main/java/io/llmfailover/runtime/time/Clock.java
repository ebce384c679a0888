package io.llmfailover.runtime.time;

/**
 * The one source of time for every rule in the runtime, so that breakers, throttles and timeouts
 * can be tested with a {@link ManualClock} instead of sleeping.
 */
public interface Clock {

    /** Monotonic time for measuring durations; only differences are meaningful. */
    long nanoTime();

    /** Wall-clock time, for HTTP-date and RFC 3339 headers. */
    long currentTimeMillis();

    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }
    };
}
