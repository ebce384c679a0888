package io.llmfailover.runtime.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The queue's lines: one per route and caller, as many as callers may make and no more. */
class CallQueueTest {

    private final ManualClock clock = new ManualClock();
    private final CallQueue queue = new CallQueue(new QueueSettings(Duration.ofSeconds(5), 1000), clock,
            new ManualScheduler(clock));

    @Test
    void eachCallerOfARouteHasALineOfItsOwnWhichItsCallsShare() {
        queue.place("chat", "openai", "app:aaaaaaaaaaaaaaaa");
        queue.place("chat", "openai", "app:bbbbbbbbbbbbbbbb");
        queue.place("chat", "openai", "app:aaaaaaaaaaaaaaaa");
        queue.place("batch", "openai", "app:aaaaaaaaaaaaaaaa");

        assertEquals(3, queue.lineCount(), "A and B on chat, A on batch");
    }

    @Test
    void theLinesCallersCanMakeAreBoundedThoseBeyondShareOne() {
        for (int caller = 0; caller < 3 * CallQueue.MAX_CALLER_LINES; caller++) {
            queue.place("chat", "openai", "app:" + caller);
        }

        assertEquals(CallQueue.MAX_CALLER_LINES + 1, queue.lineCount(), "plus the one line the others share");
        queue.place("chat", "openai", "app:0");
        assertEquals(CallQueue.MAX_CALLER_LINES + 1, queue.lineCount());
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
}
