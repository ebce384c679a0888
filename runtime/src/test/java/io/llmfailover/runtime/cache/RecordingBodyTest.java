package io.llmfailover.runtime.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private InputStream recording(InputStream upstream, int maxBytes) {
        return new RecordingBody(upstream, maxBytes, whole -> kept.add(new String(whole, StandardCharsets.UTF_8)));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
