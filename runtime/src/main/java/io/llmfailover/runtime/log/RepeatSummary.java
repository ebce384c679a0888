package io.llmfailover.runtime.log;

import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides when a line that repeats (the same failover on every call while a provider is down) is
 * worth logging: the first time, then at most once per period with the number of repeats it stood
 * for. A flood of identical lines would cost the app I/O on every call and bury the changes of
 * state the log is for.
 */
public final class RepeatSummary {

    private final Clock clock;
    private final long periodNanos;
    private final ConcurrentMap<Object, Window> windows = new ConcurrentHashMap<>();

    public RepeatSummary(Clock clock, Duration period) {
        this.clock = clock;
        this.periodNanos = period.toNanos();
    }

    /**
     * Counts one occurrence of the line {@code key} stands for; returns -1 when it should not be
     * logged now, else how many occurrences since the last logged one it would also stand for (0 the
     * first time).
     */
    public long occurred(Object key) {
        long now = clock.nanoTime();
        Window window = windows.computeIfAbsent(key, k -> new Window(now - periodNanos));
        return window.occurred(now, periodNanos);
    }

    private static final class Window {
        private final AtomicLong loggedAtNanos;
        private final AtomicLong suppressed = new AtomicLong();

        Window(long loggedAtNanos) {
            this.loggedAtNanos = new AtomicLong(loggedAtNanos);
        }

        long occurred(long now, long periodNanos) {
            long last = loggedAtNanos.get();
            if (now - last >= periodNanos && loggedAtNanos.compareAndSet(last, now)) {
                return suppressed.getAndSet(0);
            }
            suppressed.incrementAndGet();
            return -1;
        }
    }
}
