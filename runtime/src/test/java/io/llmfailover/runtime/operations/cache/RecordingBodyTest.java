package io.llmfailover.runtime.operations.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.testing.ScriptedTransport.BreakingStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The tee on the app's body: only an answer read whole, to its clean end, is handed on. */
class RecordingBodyTest {

    private static final String ANSWER = "data: {\"choices\":[]}\n\ndata: [DONE]\n\n";
    private static final String JSON_ANSWER = "{\"id\":\"chatcmpl-1\",\"choices\":[{\"message\":{\"content\":\"}{\"}}]}";
    private static final WholeAnswer UNDECLARED = new WholeAnswer(-1);

    private final List<String> kept = new ArrayList<>();

    @Test
    void aBodyReadToItsEndIsHandedOnOnceAsTheAppReadIt() throws IOException {
        InputStream body = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000);

        assertEquals(ANSWER, ScriptedTransport.drain(body).text());
        assertEquals(-1, body.read());

        assertEquals(List.of(ANSWER), kept);
    }

    @Test
    void aBrokenBodyIsNeverHandedOn() {
        InputStream body = recording(new BreakingStream(bytes("data: {\"choi")), 1000);

        assertEquals(IOException.class, ScriptedTransport.drain(body).end().getClass());
        assertEquals(List.of(), kept);
    }

    @Test
    void aBodyClosedBeforeItsEndIsNeverHandedOn() throws IOException {
        InputStream body = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000);
        body.read(new byte[5]);

        body.close();

        assertEquals(List.of(), kept);
    }

    /** An SSE client stops reading at the last event and closes, short of the end of the body. */
    @ParameterizedTest
    @ValueSource(strings = {
            "data: {\"choices\":[]}\n\ndata: [DONE]\n\n",
            "event: content_block_delta\ndata: {}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
            "data: {\"candidates\":[{\"content\":{},\"finishReason\":\"STOP\"}]}\r\n\r\n"})
    void aStreamClosedAfterItsLastEventIsHandedOn(String stream) throws IOException {
        byte[] bytes = bytes(stream);
        InputStream body = recording(new ByteArrayInputStream(bytes), 1000);
        body.read(new byte[bytes.length], 0, bytes.length);

        body.close();

        assertEquals(List.of(stream), kept);
    }

    @Test
    void aStreamClosedBeforeItsLastEventIsNeverHandedOn() throws IOException {
        String firstEvent = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n";
        InputStream body = recording(new ByteArrayInputStream(bytes(firstEvent + "data: [DONE]\n\n")), 1000);
        body.read(new byte[firstEvent.length()], 0, firstEvent.length());

        body.close();

        assertEquals(List.of(), kept);
    }

    /**
     * Jackson (the OpenAI and Anthropic SDKs, Spring AI) stops at the closing brace and closes: a body
     * read to its declared length is whole, whether or not the app asked for the end.
     */
    @Test
    void aJsonAnswerReadToItsDeclaredLengthAndClosedIsHandedOn() throws IOException {
        byte[] bytes = bytes(JSON_ANSWER);
        InputStream body = recording(new ByteArrayInputStream(bytes), declaring(bytes.length), 1000);

        readAndClose(body, bytes.length);

        assertEquals(List.of(JSON_ANSWER), kept);
    }

    /** Chunked, or translated: no length declared, so the document itself says where it ends. */
    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "\r\n  \t"})
    void aJsonAnswerOfNoDeclaredLengthClosedAfterItsDocumentIsHandedOn(String whitespace) throws IOException {
        byte[] bytes = bytes(JSON_ANSWER + whitespace);
        InputStream body = recording(new ByteArrayInputStream(bytes), 1000);

        readAndClose(body, bytes.length);

        assertEquals(List.of(JSON_ANSWER + whitespace), kept);
    }

    /** Cut anywhere inside the document, even just after a field that ends a stream's last event. */
    @ParameterizedTest
    @ValueSource(ints = {1, 20, 50})
    void aTruncatedJsonAnswerIsNeverHandedOn(int cut) throws IOException {
        String gemini = "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]},\"finishReason\":\"STOP\"}]}";
        byte[] bytes = bytes(gemini);
        InputStream undeclared = recording(new ByteArrayInputStream(bytes), 1000);
        InputStream declared = recording(new ByteArrayInputStream(bytes), declaring(bytes.length), 1000);

        readAndClose(undeclared, bytes.length - cut);
        readAndClose(declared, bytes.length - cut);

        assertEquals(List.of(), kept);
    }

    /** A complete document is not the whole body when something other than whitespace follows it. */
    @ParameterizedTest
    @ValueSource(strings = {"{", "x", "{\"id\":2}", "\n,"})
    void aJsonAnswerWithMoreAfterItsDocumentIsNeverHandedOn(String extra) throws IOException {
        byte[] bytes = bytes(JSON_ANSWER + extra);
        InputStream body = recording(new ByteArrayInputStream(bytes), 1000);

        readAndClose(body, bytes.length);

        assertEquals(List.of(), kept);
    }

    @Test
    void aBodyClosedShortOfItsDeclaredLengthThatIsNoCompleteDocumentIsNeverHandedOn() throws IOException {
        byte[] bytes = bytes(ANSWER);
        InputStream body = recording(new ByteArrayInputStream(bytes), declaring(bytes.length), 1000);

        readAndClose(body, bytes.length - 3);

        assertEquals(List.of(), kept);
    }

    @Test
    void aBodyLargerThanTheCapIsReadWholeByTheAppButNeverHandedOn() {
        InputStream body = recording(new ByteArrayInputStream(bytes(ANSWER)), ANSWER.length() - 1);

        assertEquals(ANSWER, ScriptedTransport.drain(body).text());
        assertEquals(List.of(), kept);
    }

    @Test
    void aBreakAfterTheLastByteStillCountsAsABreak() {
        InputStream body = recording(new BreakingStream(bytes(ANSWER)), 1000);

        assertThrows(IOException.class, () -> body.readAllBytes());
        assertEquals(List.of(), kept);
    }

    @Test
    void answersReadAtTheSameTimeHoldNoMoreThanTheBudgetAndOneOverItIsReadWholeButNotKept() throws IOException {
        RecordingBudget budget = new RecordingBudget(ANSWER.length() + 10);
        InputStream first = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000, budget);
        InputStream second = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000, budget);
        first.read(new byte[ANSWER.length()], 0, ANSWER.length());

        assertEquals(ANSWER, ScriptedTransport.drain(second).text(), "the app reads it as it would anyway");
        assertEquals(-1, first.read());

        assertEquals(List.of(ANSWER), kept, "the first, within the budget; not the second, over it");
        assertEquals(0, budget.held(), "every byte taken was given back");
        InputStream third = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000, budget);
        ScriptedTransport.drain(third);
        assertEquals(List.of(ANSWER, ANSWER), kept, "the budget freed, the next one is kept");
    }

    @Test
    void aRecordingGivesItsBudgetBackOnceWhateverEndsIt() throws IOException {
        RecordingBudget budget = new RecordingBudget(1000);
        InputStream closedEarly = recording(new ByteArrayInputStream(bytes(ANSWER)), 1000, budget);
        closedEarly.read(new byte[5]);
        closedEarly.close();
        closedEarly.close();
        ScriptedTransport.drain(recording(new BreakingStream(bytes(ANSWER)), 1000, budget));
        ScriptedTransport.drain(recording(new ByteArrayInputStream(bytes(ANSWER)), ANSWER.length() - 1, budget));

        assertEquals(0, budget.held());
    }

    /** Two more answers of the largest size than fit in the shared budget, read at the same time: the last are not kept. */
    @Test
    void theSharedBudgetBoundsEveryRecordingInFlight() throws IOException {
        int size = LastResortCache.MAX_ANSWER_BYTES;
        int answers = (int) (LastResortCache.MAX_TOTAL_BYTES / size) + 2;
        byte[] answer = new byte[size];
        List<InputStream> reading = new ArrayList<>();
        for (int i = 0; i < answers; i++) {
            InputStream body = new RecordingBody(new ByteArrayInputStream(answer), UNDECLARED, size, whole -> kept.add("kept"));
            body.readNBytes(new byte[size], 0, size); // the whole answer read, its end not yet seen
            reading.add(body);
        }
        for (InputStream body : reading) {
            assertEquals(-1, body.read());
        }

        assertEquals(answers - 2, kept.size(), "held together, they would exceed the cache's own size");
    }

    private InputStream recording(InputStream upstream, int maxBytes) {
        return recording(upstream, UNDECLARED, maxBytes);
    }

    private InputStream recording(InputStream upstream, WholeAnswer end, int maxBytes) {
        return new RecordingBody(upstream, end, maxBytes, whole -> kept.add(new String(whole, StandardCharsets.UTF_8)));
    }

    private InputStream recording(InputStream upstream, int maxBytes, RecordingBudget budget) {
        return new RecordingBody(upstream, UNDECLARED, maxBytes, whole -> kept.add(new String(whole, StandardCharsets.UTF_8)),
                budget);
    }

    /** What a body that declares {@code length} bytes is whole at. */
    private static WholeAnswer declaring(long length) {
        return WholeAnswer.of(HttpHeaders.builder().set("content-length", Long.toString(length)).build());
    }

    /** The app reads {@code count} bytes, as a JSON reader does, and closes without asking for the end. */
    private static void readAndClose(InputStream body, int count) throws IOException {
        body.readNBytes(new byte[count], 0, count);
        body.close();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
