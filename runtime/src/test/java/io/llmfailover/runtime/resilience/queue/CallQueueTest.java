package io.llmfailover.runtime.resilience.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The queue's lines: one per route and caller, which that caller's calls share, and only while calls
 * wait in it, so that callers make no more lines than calls wait. Waiting calls run on threads of
 * their own, parked on the virtual clock; real time only detects a hang.
 */
class CallQueueTest {

    private static final long SOON_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Duration HANG_GUARD = Duration.ofSeconds(10);

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final CallQueue queue = new CallQueue(new QueueSettings(Duration.ofSeconds(5), 1000), clock, scheduler);
    private final List<Thread> waiting = new ArrayList<>();

    @AfterEach
    void stopWaiting() throws InterruptedException {
        for (Thread waiter : waiting) {
            waiter.interrupt();
            waiter.join(HANG_GUARD.toMillis());
        }
    }

    @Test
    void eachCallerOfARouteWaitsInALineOfItsOwnWhichItsCallsShare() {
        waitIn(queue.place("chat", "openai", "app:aaaaaaaaaaaaaaaa"));
        waitIn(queue.place("chat", "openai", "app:bbbbbbbbbbbbbbbb"));
        waitIn(queue.place("chat", "openai", "app:aaaaaaaaaaaaaaaa"));
        waitIn(queue.place("batch", "openai", "app:aaaaaaaaaaaaaaaa"));
        Eventually.until(() -> queue.parked() == 4, "four calls waiting");

        assertEquals(3, queue.lineCount(), "A and B on chat, A on batch");
    }

    @Test
    void aLineLastsOnlyWhileCallsWaitInItSoCallersMakeNoMoreLinesThanCallsWait() throws Exception {
        for (int caller = 0; caller < 3000; caller++) {
            QueuePlace place = queue.place("chat", "openai", "app:" + caller);
            place.waitBehindOthers(Long.MAX_VALUE);
            place.close();
        }
        assertEquals(0, queue.lineCount(), "no call waits");

        QueuePlace waiter = queue.place("chat", "openai", "app:0");
        waitIn(waiter);
        Eventually.until(() -> queue.parked() == 1, "a call waiting");
        assertEquals(1, queue.lineCount());
        waiter.close();
        assertEquals(0, queue.lineCount(), "the last call to leave takes its line along");
    }

    /** However many callers came before, a new one never waits behind another caller's call. */
    @Test
    void aCallerMetAfterThousandsOfOthersIsNotHeldUpByAnotherCallersWait() throws Exception {
        for (int caller = 0; caller < 3000; caller++) {
            queue.place("chat", "openai", "app:" + caller).close();
        }
        waitIn(queue.place("chat", "openai", "app:tenant-a"));
        Eventually.until(() -> queue.parked() == 1, "tenant A waits for its silenced key");

        QueuePlace otherTenant = queue.place("chat", "openai", "app:tenant-b");
        assertTimeoutPreemptively(HANG_GUARD, () -> otherTenant.waitBehindOthers(Long.MAX_VALUE),
                "tenant B walks its chain at once");

        assertEquals(1, queue.length(), "only tenant A waits");
    }

    @Test
    void whileTheQueueIsOffEveryCallHasTheSamePlaceAndNoLineIsMade() throws Exception {
        CallQueue off = new CallQueue(QueueSettings.OFF, clock, new ManualScheduler(clock));

        QueuePlace place = off.place("chat", "openai", "app:aaaaaaaaaaaaaaaa");

        assertSame(off.off(), place);
        assertFalse(place.waitForTurn(1, Long.MAX_VALUE));
        place.close();
        assertEquals(0, off.lineCount());
    }

    /** A call whose chain has nothing free: it waits its turn on a thread of its own until the test ends. */
    private void waitIn(QueuePlace place) {
        Thread waiter = new Thread(() -> {
            try {
                while (place.waitForTurn(SOON_NANOS, Long.MAX_VALUE)) {
                    // the virtual clock never moves: the call waits until interrupted
                }
            } catch (InterruptedIOException stopped) {
                // the test ended
            } finally {
                place.close();
            }
        }, "queued-call");
        waiting.add(waiter);
        waiter.start();
    }
}
