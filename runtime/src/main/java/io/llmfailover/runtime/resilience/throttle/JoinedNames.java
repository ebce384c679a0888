package io.llmfailover.runtime.resilience.throttle;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names joined from two parts ({@code provider/model}, {@code scope#key}), made once per pair and
 * kept, since a breaker's, a throttle's and a quota's are looked up on every call. At most {@code
 * max} pairs are kept; past that a name is made afresh each time, so whatever callers send (a model
 * name, a credential) never grows it without bound.
 */
public final class JoinedNames {

    private final char separator;
    private final int max;
    private final ConcurrentMap<String, ConcurrentMap<String, String>> byFirst = new ConcurrentHashMap<>();
    private final AtomicInteger kept = new AtomicInteger();

    public JoinedNames(char separator, int max) {
        this.separator = separator;
        this.max = max;
    }

    /** {@code first + separator + second}. */
    public String join(String first, String second) {
        ConcurrentMap<String, String> seconds = byFirst.get(first);
        String joined = seconds == null ? null : seconds.get(second);
        if (joined != null) {
            return joined;
        }
        joined = first + separator + second;
        if (kept.get() < max) {
            if (seconds == null) {
                seconds = byFirst.computeIfAbsent(first, absent -> new ConcurrentHashMap<>());
            }
            if (seconds.putIfAbsent(second, joined) == null) {
                kept.incrementAndGet();
            }
        }
        return joined;
    }
}
