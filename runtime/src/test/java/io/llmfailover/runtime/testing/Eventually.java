package io.llmfailover.runtime.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Waits for other threads to reach a state a test then acts on. A hang detector: real time bounds
 * how long they may take to get there, never what is asserted.
 */
public final class Eventually {

    private Eventually() {}

    public static void until(BooleanSupplier condition, String what) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > giveUp) {
                fail("not reached within 10 s: " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
