package io.llmfailover.runtime.walk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FirstContentDeadlineTest {

    private static final long DEADLINE = Duration.ofSeconds(2).toNanos();

    private final ManualScheduler scheduler = new ManualScheduler(new ManualClock());

    @Test
    void keepAlivesThenContentDeliverTheWholeBody() throws IOException {
        String sent = ": keep-alive\n\n: keep-alive\n\ndata: {\"choices\":[]}\n\n";
        StallingResponse response = new StallingResponse(sent, scheduler, Duration.ZERO);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.OPENAI);

        assertEquals(sent, new String(result.body().readAllBytes(), StandardCharsets.UTF_8));
        assertNull(result.failure());
    }

    @Test
    void keepAlivesUntilTheDeadlineAreATimeoutAndCloseTheResponse() {
        StallingResponse response = new StallingResponse(": keep-alive\n\n\n", scheduler, Duration.ofSeconds(3));

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.OPENAI);

        assertEquals(AttemptOutcome.TIMEOUT, result.failure());
        assertTrue(response.closed());
    }

    @Test
    void aStreamThatEndsBeforeAnyContentIsAFailureToConnect() {
        StallingResponse response = new StallingResponse(": keep-alive\n\n", scheduler, Duration.ZERO);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.OPENAI);

        assertEquals(AttemptOutcome.CONNECT_FAILURE, result.failure());
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

        assertEquals(expected, new FirstContentDeadline.ContentScanner().foundContent(bytes, bytes.length));
    }

    @Test
    void aCommentSplitAcrossReadsIsStillAComment() {
        FirstContentDeadline.ContentScanner scanner = new FirstContentDeadline.ContentScanner();

        assertEquals(false, scanner.foundContent(": keep".getBytes(StandardCharsets.UTF_8), 6));
        assertEquals(false, scanner.foundContent("-alive\n".getBytes(StandardCharsets.UTF_8), 7));
        assertEquals(true, scanner.foundContent("data: {}\n".getBytes(StandardCharsets.UTF_8), 9));
    }

    @ParameterizedTest(name = "[{0}] holds a whole first event: {1}")
    @CsvSource(delimiter = '|', value = {
        "': keep-alive\\n\\n'                          | false",
        "'event: error\\n'                               | false",
        "'event: error\\ndata: {}\\n'                    | false",
        "'event: error\\ndata: {}\\n\\n'                 | true",
        "': ping\\n\\nevent: x\\r\\ndata: {}\\r\\n\\r\\n'    | true",
        "'data: {}\\r\\r'                                | true",
        "'\\n\\n: c\\n\\n'                               | false",
    })
    void anAnthropicStreamsFirstContentIsItsFirstWholeEvent(String text, boolean expected) {
        byte[] bytes = text.replace("\\n", "\n").replace("\\r", "\r").getBytes(StandardCharsets.UTF_8);

        assertEquals(expected, new FirstContentDeadline.FirstEventScanner().foundContent(bytes, bytes.length));
    }

    @Test
    void anAnthropicBodyThatEndsInContentWithoutABlankLineIsDeliveredAsItCame() throws IOException {
        String page = "<html><body>Service temporarily moved</body></html>";
        StallingResponse response = new StallingResponse(page, scheduler, Duration.ZERO);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.ANTHROPIC);

        assertNull(result.failure());
        assertEquals(page, new String(result.body().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void anAnthropicEventSplitAtEveryByteIsFoundWhenItsBlankLineArrives() {
        byte[] event = "event: error\r\ndata: {}\r\n\r\n".getBytes(StandardCharsets.UTF_8);
        // Its last byte is the '\n' of the blank line's CRLF: the CR alone already ends that line, as in SSE.
        for (int split = 1; split < event.length - 1; split++) {
            FirstContentDeadline.FirstEventScanner scanner = new FirstContentDeadline.FirstEventScanner();

            assertEquals(false, scanner.foundContent(Arrays.copyOf(event, split), split), "after " + split + " bytes");
            byte[] rest = Arrays.copyOfRange(event, split, event.length);
            assertEquals(true, scanner.foundContent(rest, rest.length), "after all of it, split at " + split);
        }
    }

    @Test
    void aBedrockStreamsFirstContentIsItsWholeFirstMessageWhateverTheReads() {
        byte[] first = EventStreamEncoder.encode(EventStreamMessage.exception("throttlingException", "{\"message\":\"wait\"}"));
        for (int split = 1; split < first.length; split++) {
            FirstContentDeadline.FirstMessageScanner scanner = new FirstContentDeadline.FirstMessageScanner();

            assertEquals(false, scanner.foundContent(Arrays.copyOf(first, split), split), "after " + split + " bytes");
            byte[] rest = Arrays.copyOfRange(first, split, first.length);
            assertEquals(true, scanner.foundContent(rest, rest.length), "after all " + first.length + " bytes");
        }
    }

    @Test
    void theOpeningBytesOfABedrockStreamAreKeptForTheWalkToJudge() throws IOException {
        byte[] first = EventStreamEncoder.encode(EventStreamMessage.event("messageStart", "{\"role\":\"assistant\"}"));
        BufferedResponse response = new BufferedResponse(200, HttpHeaders.EMPTY, first);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.BEDROCK);

        assertArrayEquals(first, result.opening());
        assertArrayEquals(first, result.body().readAllBytes());
    }

    /** Found by the Bedrock columns of the fault matrix: a 200 HTML page to a Bedrock stream was replayed to the backup. */
    @ParameterizedTest
    @CsvSource({"'<!DOCTYPE html><html><body>Checking your browser</body></html>'", "'data: not json at all'"})
    void aBedrockBodyThatEndsBeforeAWholeMessageIsDeliveredAsItCame(String sent) throws IOException {
        StallingResponse response = new StallingResponse(sent, scheduler, Duration.ZERO);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.BEDROCK);

        assertNull(result.failure());
        assertEquals(sent, new String(result.body().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void aBedrockStreamThatEndsWithNothingIsAFailureToConnect() {
        StallingResponse response = new StallingResponse("", scheduler, Duration.ZERO);

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.BEDROCK);

        assertEquals(AttemptOutcome.CONNECT_FAILURE, result.failure());
    }

    /**
     * H5 (issue #10): the deadline runs on the one timer thread every deadline shares; a close() that
     * drains the body (Apache httpcore5's chunked stream) stalled them all. The timer aborts instead.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void H5_theDeadlineAbortsRatherThanClosesSoOtherDeadlinesStillFire() {
        AtomicBoolean otherDeadlineFired = new AtomicBoolean();
        CountDownLatch drained = new CountDownLatch(1);
        DrainingResponse response = new DrainingResponse(": keep-alive\n\n", scheduler, Duration.ofSeconds(3), drained);
        scheduler.schedule(Duration.ofMillis(2500).toNanos(), () -> otherDeadlineFired.set(true));

        FirstContentDeadline.Result result = FirstContentDeadline.await(response, DEADLINE, scheduler, Protocol.OPENAI);
        drained.countDown();

        assertEquals(AttemptOutcome.TIMEOUT, result.failure());
        assertTrue(response.aborted(), "the exchange was abandoned");
        assertTrue(otherDeadlineFired.get(), "the next deadline on the timer was not held up");
    }

    /** A stalling response whose close() blocks until the body is drained, as a chunked body's does, and whose abort() does not. */
    private static final class DrainingResponse extends StallingResponse {
        private final CountDownLatch drained;
        private volatile boolean aborted;

        DrainingResponse(String sent, ManualScheduler scheduler, Duration stall, CountDownLatch drained) {
            super(sent, scheduler, stall);
            this.drained = drained;
        }

        @Override
        public void close() {
            try {
                drained.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            super.close();
        }

        @Override
        public void abort() {
            aborted = true;
            super.close();
        }

        boolean aborted() {
            return aborted;
        }
    }
}
