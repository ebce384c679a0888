package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.time.Instant;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryAfterTest {

    /** Thursday 1 January 2026, 00:00:00 UTC. */
    private static final long NOW = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    @ParameterizedTest(name = "{0}: \"{1}\" waits {2} ms")
    @CsvSource({
        "retry-after-ms,      1500,                            1500",
        "retry-after-ms,      12.3,                            13",
        "Retry-After-Ms,      0,                               0",
        "x-ms-retry-after-ms, 250,                             250",
        "retry-after,         2,                               2000",
        "retry-after,         1.5,                             1500",
        "retry-after,         0.0001,                          1",
        "retry-after,         0,                               0",
        "retry-after,         -3,                              0",
        "Retry-After,         ' 20 ',                          20000",
        "retry-after,         'Thu, 01 Jan 2026 00:00:30 GMT', 30000",
        "retry-after,         'Wed, 31 Dec 2025 23:59:00 GMT', 0",
        "retry-after,         99999999999999999999,            9223372036854775807",
    })
    void readsTheRequestedWait(String name, String value, long millis) {
        assertEquals(OptionalLong.of(millis), RetryAfter.waitMillis(Headers.of(name, value), NOW));
    }

    @ParameterizedTest(name = "retry-after: \"{0}\" says nothing")
    @CsvSource({"soon", "''", "1e3", "NaN", "Infinity", "0x10", "2d", "'Thu, 01 Jan 2026 25:00:00 GMT'", "2026-01-01T00:00:30Z"})
    void garbageIsEmpty(String value) {
        assertEquals(OptionalLong.empty(), RetryAfter.waitMillis(Headers.of("retry-after", value), NOW));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "milliseconds win over seconds,          retry-after-ms,      100,  retry-after, 7, 100",
        "Azure's milliseconds win over seconds,  x-ms-retry-after-ms, 100,  retry-after, 7, 100",
        "unreadable milliseconds fall to seconds, retry-after-ms,     soon, retry-after, 7, 7000",
    })
    void readsTheHeadersInOrder(String description, String first, String firstValue, String second, String secondValue,
            long millis) {
        HttpHeaders headers = Headers.of(first, firstValue, second, secondValue);

        assertEquals(OptionalLong.of(millis), RetryAfter.waitMillis(headers, NOW), description);
    }

    @Test
    void noHeaderNoWait() {
        assertEquals(OptionalLong.empty(), RetryAfter.waitMillis(Headers.of("x-ratelimit-reset-requests", "1s"), NOW));
    }

    /** H3 (issue #10): no value, however absurd, throws; a wait too long to count is Long.MAX_VALUE, the past is 0. */
    @ParameterizedTest(name = "{0}: \"{1}\" waits {2} ms")
    @CsvSource({
        "retry-after,    1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000, 9223372036854775807",
        "retry-after,    -1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000, 0",
        "retry-after-ms, 9223372036854775808,            9223372036854775807",
        "retry-after-ms, 0.000000000000000000001,        1",
        "retry-after,    'Fri, 31 Dec 9999 23:59:59 GMT', 251635075199000",
        "retry-after,    'Sun, 06 Nov 1994 08:49:37 GMT', 0",
    })
    void H3_absurdWaitsSaturateAndNeverThrow(String name, String value, long millis) {
        assertEquals(OptionalLong.of(millis), RetryAfter.waitMillis(Headers.of(name, value), NOW));
    }

    @ParameterizedTest(name = "retry-after: \"{0}\" says nothing")
    @CsvSource({"'Mon, 31 Dec 9999 23:59:59 GMT'", "'Thu, 30 Feb 2026 00:00:00 GMT'", "-", "+", ".", "'\t'"})
    void H3_unreadableWaitsAreEmptyNeverThrown(String value) {
        assertEquals(OptionalLong.empty(), RetryAfter.waitMillis(Headers.of("retry-after", value), NOW));
    }
}
