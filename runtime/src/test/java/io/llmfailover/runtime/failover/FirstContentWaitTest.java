package io.llmfailover.runtime.failover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FirstContentWaitTest {

    private static final long DEADLINE = Duration.ofSeconds(2).toNanos();

    private final ManualScheduler scheduler = new ManualScheduler(new ManualClock());

    @Test
    void keepAlivesThenContentDeliverTheWholeBody() throws IOException {
        String sent = ": keep-alive\n\n: keep-alive\n\ndata: {\"choices\":[]}\n\n";
        StallingResponse response = new StallingResponse(sent, scheduler, Duration.ZERO);

        FirstContentWait.Result result = FirstContentWait.await(response, DEADLINE, scheduler);

        assertEquals(sent, new String(result.body().readAllBytes(), StandardCharsets.UTF_8));
        assertNull(result.failure());
    }

    @Test
    void keepAlivesUntilTheDeadlineAreATimeoutAndCloseTheResponse() {
        StallingResponse response = new StallingResponse(": keep-alive\n\n\n", scheduler, Duration.ofSeconds(3));

        FirstContentWait.Result result = FirstContentWait.await(response, DEADLINE, scheduler);

        assertEquals(Outcome.TIMEOUT, result.failure());
        assertTrue(response.closed());
    }

    @Test
    void aStreamThatEndsBeforeAnyContentIsAFailureToConnect() {
        StallingResponse response = new StallingResponse(": keep-alive\n\n", scheduler, Duration.ZERO);

        FirstContentWait.Result result = FirstContentWait.await(response, DEADLINE, scheduler);

        assertEquals(Outcome.CONNECT_FAILURE, result.failure());
        assertTrue(response.closed());
    }

    @ParameterizedTest(name = "[{0}] has content: {1}")
    @CsvSource(delimiter = '|', value = {
        "': keep-alive\\n\\n'          | false",
        "'\\n\\r\\n\\n'                | false",
        "'   \\n'                      | false",
        "': ping\\ndata: {}\\n'        | true",
        "'event: message_start\\n'     | true",
        "'data'                        | true",
        "'[{\"candidates\"'            | true",
        "':keep-alive'                 | false",
    })
    void contentIsAnyLineThatIsNeitherBlankNorAComment(String text, boolean expected) {
        byte[] bytes = text.replace("\\n", "\n").replace("\\r", "\r").getBytes(StandardCharsets.UTF_8);

        assertEquals(expected, new FirstContentWait.ContentScanner().foundContent(bytes, bytes.length));
    }

    @Test
    void aCommentSplitAcrossReadsIsStillAComment() {
        FirstContentWait.ContentScanner scanner = new FirstContentWait.ContentScanner();

        assertEquals(false, scanner.foundContent(": keep".getBytes(StandardCharsets.UTF_8), 6));
        assertEquals(false, scanner.foundContent("-alive\n".getBytes(StandardCharsets.UTF_8), 7));
        assertEquals(true, scanner.foundContent("data: {}\n".getBytes(StandardCharsets.UTF_8), 9));
    }
}
