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
 *
 * <p>Lines are told apart by text, whose equality takes no lock and no method handle: a virtual
 * thread compares them inside the map's bin lock without pinning its carrier. At most
 * {@value #MAX_LINES} lines are told apart (a line may name what a caller chose, a model in a
 * path); past that, the lines whose period has ended are forgotten, and if none has, every new
 * line shares one count, so neither memory nor the log grows with what callers send.
 */
public final class RepeatSummary {

    /** The most lines told apart at once. */
    static final int MAX_LINES = 1024;
    private static final String OTHER_LINES = "";

    private final Clock clock;
    private final long periodNanos;
    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    public RepeatSummary(Clock clock, Duration period) {
        this.clock = clock;
        this.periodNanos = period.toNanos();
    }

    /**
     * Counts one occurrence of the line {@code key} stands for; returns -1 when it should not be
     * logged now, else how many occurrences since the last logged one it would also stand for (0 the
     * first time).
     */
    /** What a logged line adds for the {@code repeats} it stands for: nothing for none. */
    public static String standingFor(long repeats) {
        return repeats == 0 ? "" : " (" + repeats + " more like it since the last such line)";
    }

    public long occurred(String line) {
        long now = clock.nanoTime();
        Window window = windows.get(line);
        if (window == null) {
            window = windows.computeIfAbsent(roomFor(line, now), k -> new Window(now - periodNanos));
        }
        return window.occurred(now, periodNanos);
    }

    /** {@code line} itself while there is room for it, else the name every line past the bound shares. */
    private String roomFor(String line, long now) {
        if (windows.size() < MAX_LINES) {
            return line;
        }
        windows.values().removeIf(window -> window.endedBy(now, periodNanos));
        return windows.size() < MAX_LINES ? line : OTHER_LINES;
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

        /** Its period is over and nothing was counted since: forgetting it loses nothing. */
        boolean endedBy(long now, long periodNanos) {
            return now - loggedAtNanos.get() >= periodNanos && suppressed.get() == 0;
        }
    }
}
