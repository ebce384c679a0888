package io.llmfailover.agent.okhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OkHttpTransportTest {

    @ParameterizedTest(name = "first byte {0} ms, app read timeout {1} ms -> wait {2} ms for the head")
    @CsvSource({
        "2000, 10000, 2000",
        "2000,     0, 2000",
        "60000, 10000, 10000",
        "0,     10000, 1",
        "9999999999, 0, 2147483647",
    })
    void theHeadIsAwaitedForTheFirstByteTimeoutButNeverLongerThanTheAppsReadTimeout(
            long firstByteMillis, int appReadTimeoutMillis, int expectedMillis) {
        assertEquals(expectedMillis, OkHttpTransport.headTimeoutMillis(Duration.ofMillis(firstByteMillis), appReadTimeoutMillis));
    }
}
