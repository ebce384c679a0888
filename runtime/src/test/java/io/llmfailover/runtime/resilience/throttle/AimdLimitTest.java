package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AimdLimitTest {

    @ParameterizedTest(name = "limit {0} (min {1}) halves to {2}")
    @CsvSource({"64, 1, 32", "33, 1, 16", "3, 1, 1", "1, 1, 1", "20, 15, 15", "15, 15, 15"})
    void halvesOnRateLimitButNeverBelowMin(int limit, int min, int halved) {
        assertEquals(halved, AimdLimit.initial(limit, min, 1024).afterRateLimit().limit());
    }

    @ParameterizedTest(name = "limit {0} (max {1}): {2} successes at full use give {3}")
    @CsvSource({
        "4,  1024, 3,   4", // one short of a round
        "4,  1024, 4,   5", // a round of 4 successes adds one
        "4,  1024, 9,   6", // 4 successes to reach 5, then 5 more to reach 6
        "10, 1024, 10,  11",
        "8,  8,    100, 8",
        "6,  8,    100, 8",
    })
    void creepsBackOneStepPerRoundOfSuccessesUpToMax(int initial, int max, int successes, int expected) {
        AimdLimit limit = AimdLimit.initial(initial, 1, max);
        for (int i = 0; i < successes; i++) {
            limit = limit.afterSuccess(limit.limit());
        }

        assertEquals(expected, limit.limit());
    }

    @Test
    void successesWhileMostlyIdleDoNotRaiseTheLimit() {
        AimdLimit limit = AimdLimit.initial(10, 1, 1024);
        for (int i = 0; i < 100; i++) {
            limit = limit.afterSuccess(4); // fewer than half of 10 in flight
        }

        assertEquals(10, limit.limit());
        assertEquals(11, repeatSuccess(limit, 10, 5).limit(), "5 of 10 in flight is in use");
    }

    @Test
    void aRateLimitForgetsSuccessesTowardTheNextStep() {
        AimdLimit limit = repeatSuccess(AimdLimit.initial(8, 1, 1024), 7, 8).afterRateLimit();

        assertEquals(4, limit.limit());
        assertEquals(4, repeatSuccess(limit, 3, 4).limit());
    }

    @Test
    void unchangedLimitIsTheSameValue() {
        AimdLimit atMin = AimdLimit.initial(1, 1, 8);
        AimdLimit atMax = AimdLimit.initial(8, 1, 8);

        assertSame(atMin, atMin.afterRateLimit());
        assertSame(atMax, atMax.afterSuccess(8));
    }

    @ParameterizedTest(name = "initial {0} in [{1}, {2}] starts at {3}")
    @CsvSource({"64, 1, 1024, 64", "0, 2, 10, 2", "500, 1, 100, 100"})
    void initialIsClampedIntoTheBounds(int initial, int min, int max, int expected) {
        assertEquals(expected, AimdLimit.initial(initial, min, max).limit());
    }

    @ParameterizedTest(name = "min {0}, max {1} is refused")
    @CsvSource({"0, 10", "10, 5", "-1, 1"})
    void refusesBoundsThatCannotHoldALimit(int min, int max) {
        assertThrows(IllegalArgumentException.class, () -> AimdLimit.initial(5, min, max));
    }

    private static AimdLimit repeatSuccess(AimdLimit limit, int times, int inFlight) {
        for (int i = 0; i < times; i++) {
            limit = limit.afterSuccess(inFlight);
        }
        return limit;
    }
}
