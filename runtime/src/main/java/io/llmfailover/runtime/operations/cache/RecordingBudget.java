package io.llmfailover.runtime.operations.cache;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that all the answers being recorded for the cache may hold together, while the app
 * reads them: past it, an answer is simply not recorded, never slowed or failed. One for the JVM,
 * the size of the cache itself.
 */
final class RecordingBudget {

    static final RecordingBudget SHARED = new RecordingBudget(LastResortCache.MAX_TOTAL_BYTES);

    private final long capacity;
    private final AtomicLong held = new AtomicLong();

    RecordingBudget(long capacity) {
        this.capacity = capacity;
    }

    /** Takes {@code bytes} from the budget, or nothing and false when they do not fit. */
    boolean take(long bytes) {
        long now;
        do {
            now = held.get();
            if (now + bytes > capacity) {
                return false;
            }
        } while (!held.compareAndSet(now, now + bytes));
        return true;
    }

    void giveBack(long bytes) {
        held.addAndGet(-bytes);
    }

    /** For tests: the bytes held now. */
    long held() {
        return held.get();
    }
}
