package io.llmfailover.runtime.log;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** A duration in a log line as an operator wrote it: {@code 30 s}, not the {@code 29999 ms} left of it a moment later. */
public final class HumanDuration {

    private HumanDuration() {}

    public static String of(Duration duration) {
        return ofNanos(duration.toNanos());
    }

    /** Under a second in milliseconds; else seconds with at most one decimal, rounded. */
    public static String ofNanos(long nanos) {
        long millis = Math.round(Math.max(0, nanos) / 1_000_000.0);
        if (millis < 1_000) {
            return millis + " ms";
        }
        BigDecimal seconds = BigDecimal.valueOf(millis).divide(BigDecimal.valueOf(1_000), 1, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return seconds.toPlainString() + " s";
    }
}
