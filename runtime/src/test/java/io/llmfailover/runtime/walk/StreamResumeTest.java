package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.testing.ScriptedTransport.Drained;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@code stream.resume}: a text stream that breaks after reaching the app is finished by the next provider. */
class StreamResumeTest {

    private static final String FIRST_TWO = "data: {\"id\":\"a\",\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"Hello\"}}]}\n\n"
            + "data: {\"id\":\"a\",\"choices\":[{\"delta\":{\"content\":\", wor\"}}]}\n\n";
    private static final String CONTINUATION = "data: {\"id\":\"b\",\"choices\":[{\"delta\":{\"content\":\"ld!\"}}]}\n\n"
            + "data: {\"id\":\"b\",\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}\n\n"
            + "data: [DONE]\n\n";

    @Test
    void aBrokenStreamIsFinishedByTheBackupAsTheRestOfTheSameStream() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO + "data: {\"id\":\"a\",\"choices\":[{\"delta\":{\"con"))
                .on(BACKUP, sse(CONTINUATION));

        LlmResponse answer = chains.gateway.execute(streamingChat("{}"), transport);
        Drained read = ScriptedTransport.drain(answer.body());

        assertNull(read.end(), "the app sees no break: " + read.text());
        assertEquals(FIRST_TWO + CONTINUATION, read.text(), "the delivered events, then the continuation, nothing twice");
        JsonNode asked = Json.parseObject(transport.sent.get(1).body());
        JsonNode last = asked.path("messages").get(asked.path("messages").size() - 1);
        assertEquals("assistant", last.path("role").asText());
        assertEquals("Hello, wor", last.path("content").asText(), "the backup continues the text the app has");
        assertEquals("backup-model", asked.path("model").asText());
        assertEquals(1, transport.sentTo(PRIMARY), "the broken provider is not asked again");
    }

    @Test
    void aStreamTheAppCancelledIsNotResumedAndTheReadGetsTheAppsOwnFailure() throws Exception {
        IOException appsOwn = new IOException("Canceled");
        assertNotResumed(() -> new CallAbandonedException(appsOwn), appsOwn);
    }

    @Test
    void aStreamWhoseReaderWasInterruptedIsNotResumed() throws Exception {
        InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for the response body");
        assertNotResumed(() -> interrupted, interrupted);
    }

    @Test
    void aStreamCutByTheAppsOwnReadTimeoutIsNotResumed() throws Exception {
        SocketTimeoutException timedOut = new SocketTimeoutException("Read timed out");
        assertNotResumed(() -> timedOut, timedOut);
    }

    @Test
    void aStreamTheAppClosedWhileAReadWaitedIsNotResumed() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        LlmResponse[] answer = new LlmResponse[1];
        // The app closes the body from another thread while the read waits: the socket's read then fails.
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO, () -> {
                    answer[0].close();
                    return new SocketException("Socket closed");
                }))
                .on(BACKUP, sse(CONTINUATION));

        answer[0] = chains.gateway.execute(streamingChat("{}"), transport);
        Drained read = ScriptedTransport.drain(answer[0].body());

        assertEquals(FIRST_TWO, read.text(), "nothing after the close, no error event made up");
        assertEquals(0, transport.sentTo(BACKUP), "nothing is sent to the next provider");
    }

    @Test
    void aProviderResetIsStillResumed() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO, () -> new SocketException("Connection reset")))
                .on(BACKUP, sse(CONTINUATION));

        Drained read = ScriptedTransport.drain(chains.gateway.execute(streamingChat("{}"), transport).body());

        assertNull(read.end(), read.text());
        assertEquals(FIRST_TWO + CONTINUATION, read.text());
        assertEquals(1, transport.sentTo(BACKUP));
    }

    /** The primary's stream fails with {@code failure} after two events; the app sees {@code seen}, and no provider is asked again. */
    private static void assertNotResumed(Supplier<IOException> failure, IOException seen) throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO, failure))
                .on(BACKUP, sse(CONTINUATION));

        Drained read = ScriptedTransport.drain(chains.gateway.execute(streamingChat("{}"), transport).body());

        assertEquals(FIRST_TWO, read.text(), "the events the app had, no continuation, no error event made up");
        assertSame(seen, read.end(), "the read gets the app's own failure");
        assertEquals(0, transport.sentTo(BACKUP), "nothing is sent to the next provider");
        assertEquals(1, transport.sentTo(PRIMARY));
        Thread.interrupted();
    }

    @Test
    void aStreamOfSeveralChoicesBreaksAsWithoutResumeNeverInterleavedWithAContinuation() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        String twoChoices = "data: {\"id\":\"a\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\"}}]}\n\n"
                + "data: {\"id\":\"a\",\"choices\":[{\"index\":1,\"delta\":{\"content\":\"Bonjour\"}}]}\n\n";
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(twoChoices))
                .on(BACKUP, sse(CONTINUATION));

        Drained read = ScriptedTransport.drain(chains.gateway.execute(streamingChat("{\"n\":2}"), transport).body());

        assertNotNull(read.end(), "the break reaches the app");
        assertTrue(read.text().startsWith(twoChoices) && read.text().contains("\"error\""), read.text());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void severalChoicesOrCandidatesAreNeverResumed() {
        assertFalse(StreamContinuation.allows(Operation.CHAT_COMPLETIONS, "{\"n\":3}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(StreamContinuation.allows(Operation.CHAT_COMPLETIONS, "{\"n\":1}".getBytes(StandardCharsets.UTF_8)));
        assertFalse(StreamContinuation.allows(Operation.GENERATE_CONTENT,
                "{\"generationConfig\":{\"candidateCount\":2}}".getBytes(StandardCharsets.UTF_8)));
        assertFalse(transcript(Operation.CHAT_COMPLETIONS,
                "data: {\"choices\":[{\"index\":1,\"delta\":{\"content\":\"Hi\"}}]}\n\n").resumable(),
                "a second choice in a stream asked for one");
        assertFalse(transcript(Operation.GENERATE_CONTENT,
                "data: {\"candidates\":[{\"index\":1,\"content\":{\"parts\":[{\"text\":\"Hi\"}]}}]}\n\n").resumable());
    }

    @Test
    void aStreamWithToolsBreaksAsBefore() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO))
                .on(BACKUP, sse(CONTINUATION));

        LlmResponse answer = chains.gateway.execute(
                streamingChat("{\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}"), transport);
        Drained read = ScriptedTransport.drain(answer.body());

        assertNotNull(read.end(), "the break reaches the app");
        assertTrue(read.text().contains("\"error\""), read.text());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void withoutStreamResumeABreakReachesTheAppAsBefore() throws Exception {
        Chains chains = new Chains("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO))
                .on(BACKUP, sse(CONTINUATION));

        Drained read = ScriptedTransport.drain(chains.gateway.execute(streamingChat("{}"), transport).body());

        assertNotNull(read.end());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void whenNoProviderCanFinishItTheBreakReachesTheApp() throws Exception {
        Chains chains = Chains.resumingStreams("primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, brokenStream(FIRST_TWO))
                .on(BACKUP, ScriptedTransport.status(503, "{}"));

        Drained read = ScriptedTransport.drain(chains.gateway.execute(streamingChat("{}"), transport).body());

        assertNotNull(read.end());
        assertTrue(read.text().startsWith(FIRST_TWO), read.text());
        assertEquals(1, transport.sentTo(BACKUP));
    }

    @Test
    void theTranscriptKeepsTextAndRefusesToolCallsAndFinishedStreams() {
        StreamTranscript text = transcript(Operation.CHAT_COMPLETIONS, FIRST_TWO);
        assertTrue(text.resumable());
        assertEquals("Hello, wor", text.text());

        assertFalse(transcript(Operation.CHAT_COMPLETIONS,
                "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0}]}}]}\n\n").resumable());
        assertFalse(transcript(Operation.CHAT_COMPLETIONS, CONTINUATION).resumable(), "it finished");
        assertFalse(transcript(Operation.RESPONSES, FIRST_TWO).resumable(), "only chat, messages and generateContent");

        StreamTranscript anthropic = transcript(Operation.MESSAGES, """
                event: message_start
                data: {"type":"message_start","message":{"id":"m","content":[]}}

                event: content_block_start
                data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}

                event: content_block_delta
                data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Bonjour"}}

                """);
        assertTrue(anthropic.resumable());
        assertEquals("Bonjour", anthropic.text());
        assertEquals(1, anthropic.textBlockIndex());
        assertFalse(transcript(Operation.MESSAGES, """
                data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f"}}

                """).resumable());
    }

    @Test
    void anAnthropicContinuationLeavesOutTheOpeningTheAppHadAndNamesItsBlock() throws Exception {
        String continuation = """
                event: message_start
                data: {"type":"message_start","message":{"id":"m2","content":[]}}

                event: content_block_start
                data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

                event: ping
                data: {"type":"ping"}

                event: content_block_delta
                data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" monde"}}

                event: content_block_stop
                data: {"type":"content_block_stop","index":0}

                event: message_delta
                data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":4}}

                event: message_stop
                data: {"type":"message_stop"}

                """;

        String rest = new String(new ContinuationEvents(new ByteArrayInputStream(continuation.getBytes(StandardCharsets.UTF_8)),
                Operation.MESSAGES, 1).readAllBytes(), StandardCharsets.UTF_8);

        assertFalse(rest.contains("message_start") || rest.contains("content_block_start") || rest.contains("ping"), rest);
        assertTrue(rest.startsWith("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,"), rest);
        assertTrue(rest.contains("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}"), rest);
        assertTrue(rest.endsWith("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"), rest);
    }

    @Test
    void theContinuationRequestPrefillsTheAssistantsTurnInEachProtocol() {
        byte[] chat = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}".getBytes(StandardCharsets.UTF_8);
        JsonNode anthropic = Json.parseObject(StreamContinuation.request(Operation.MESSAGES, chat, "Bonjour "));
        assertEquals("Bonjour", anthropic.path("messages").get(1).path("content").asText(),
                "Anthropic refuses a prefill ending in white space");
        byte[] gemini = "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}]}".getBytes(StandardCharsets.UTF_8);
        JsonNode model = Json.parseObject(StreamContinuation.request(Operation.GENERATE_CONTENT, gemini, "Hallo"))
                .path("contents").get(1);
        assertEquals("model", model.path("role").asText());
        assertEquals("Hallo", model.path("parts").get(0).path("text").asText());
        assertFalse(StreamContinuation.allows(Operation.CHAT_COMPLETIONS,
                "{\"response_format\":{\"type\":\"json_object\"}}".getBytes(StandardCharsets.UTF_8)), "JSON mode is not text");
        assertTrue(StreamContinuation.allows(Operation.CHAT_COMPLETIONS,
                "{\"response_format\":{\"type\":\"text\"}}".getBytes(StandardCharsets.UTF_8)));
    }

    private static StreamTranscript transcript(Operation operation, String events) {
        StreamTranscript transcript = new StreamTranscript(operation);
        byte[] bytes = events.getBytes(StandardCharsets.UTF_8);
        transcript.accept(bytes, 0, bytes.length);
        return transcript;
    }

    /** A streamed chat request; {@code extra} adds fields to it ({@code {"tools":[...]}}). */
    private static LlmRequest streamingChat(String extra) {
        com.fasterxml.jackson.databind.node.ObjectNode body = Json.parseObject(
                "{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        body.setAll(Json.parseObject(extra));
        HttpHeaders headers = HttpHeaders.builder().add("Authorization", "Bearer sk-app-secret")
                .add("Content-Type", "application/json").build();
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers, Json.bytes(body));
    }
}
