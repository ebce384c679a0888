package io.llmfailover.runtime.telemetry.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResponseFactsTest {

    private static final HttpHeaders JSON = HttpHeaders.builder().add("Content-Type", "application/json").build();
    private static final HttpHeaders EVENT_STREAM = HttpHeaders.builder()
            .add("Content-Type", "application/vnd.amazon.eventstream").build();
    private static final HttpHeaders SSE = HttpHeaders.builder().add("content-type", "text/event-stream; charset=utf-8")
            .build();

    static Stream<Arguments> bodies() {
        return Stream.of(
                Arguments.of("openai chat", JSON, """
                        {"id":"chatcmpl-1","model":"gpt-4o-2024-08-06","choices":[{"index":0,"message":{"role":"assistant",
                        "content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":5}}
                        """, "gpt-4o-2024-08-06", "chatcmpl-1", 12L, 5L, List.of("stop")),
                Arguments.of("openai chat stream with include_usage", SSE, """
                        data: {"id":"c-2","model":"gpt-4o","choices":[{"delta":{"content":"he"},"finish_reason":null}],"usage":null}

                        data: {"id":"c-2","model":"gpt-4o","choices":[{"delta":{},"finish_reason":"length"}],"usage":null}

                        data: {"id":"c-2","model":"gpt-4o","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":30}}

                        data: [DONE]

                        """, "gpt-4o", "c-2", 7L, 30L, List.of("length")),
                Arguments.of("openai responses stream", SSE, """
                        event: response.created
                        data: {"type":"response.created","response":{"id":"resp_1","object":"response","model":"gpt-4.1","status":"in_progress","usage":null}}

                        event: response.completed
                        data: {"type":"response.completed","response":{"id":"resp_1","object":"response","model":"gpt-4.1","status":"completed","usage":{"input_tokens":3,"output_tokens":4}}}

                        """, "gpt-4.1", "resp_1", 3L, 4L, List.of("completed")),
                Arguments.of("anthropic message", JSON, """
                        {"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[
                        {"type":"text","text":"hi"}],"stop_reason":"end_turn","usage":{"input_tokens":20,"output_tokens":9}}
                        """, "claude-sonnet-4-5", "msg_1", 20L, 9L, List.of("end_turn")),
                Arguments.of("anthropic stream", SSE, """
                        event: message_start
                        data: {"type":"message_start","message":{"id":"msg_2","type":"message","model":"claude-haiku","usage":{"input_tokens":25,"output_tokens":1}}}

                        event: content_block_delta
                        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}

                        event: message_delta
                        data: {"type":"message_delta","delta":{"stop_reason":"max_tokens","stop_sequence":null},"usage":{"output_tokens":15}}

                        event: message_stop
                        data: {"type":"message_stop"}

                        """, "claude-haiku", "msg_2", 25L, 15L, List.of("max_tokens")),
                Arguments.of("gemini response", JSON, """
                        {"candidates":[{"content":{"parts":[{"text":"hi"}],"role":"model"},"finishReason":"STOP"}],
                        "usageMetadata":{"promptTokenCount":4,"candidatesTokenCount":2,"totalTokenCount":6},
                        "modelVersion":"gemini-2.5-flash","responseId":"r-1"}
                        """, "gemini-2.5-flash", "r-1", 4L, 2L, List.of("STOP")),
                Arguments.of("gemini stream", SSE, """
                        data: {"candidates":[{"content":{"parts":[{"text":"h"}]}}],"usageMetadata":{"promptTokenCount":4},"modelVersion":"gemini-2.5-flash"}\r
                        \r
                        data: {"candidates":[{"content":{"parts":[{"text":"i"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":4,"candidatesTokenCount":8},"modelVersion":"gemini-2.5-flash"}\r
                        \r
                        """, "gemini-2.5-flash", null, 4L, 8L, List.of("STOP")),
                Arguments.of("gemini streamed JSON array", JSON, """
                        [{"candidates":[{"content":{"parts":[{"text":"h"}]}}],"modelVersion":"gemini-2.5-pro"}
                        ,{"candidates":[{"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":3}}]
                        """, "gemini-2.5-pro", null, 1L, 3L, List.of("STOP")),
                Arguments.of("embeddings", JSON, """
                        {"object":"list","data":[{"embedding":[0.1,0.2]}],"model":"text-embedding-3-small",
                        "usage":{"prompt_tokens":8,"total_tokens":8}}
                        """, "text-embedding-3-small", null, 8L, null, List.of()),
                Arguments.of("bedrock converse", JSON, """
                        {"output":{"message":{"role":"assistant","content":[{"text":"hi"}]}},"stopReason":"max_tokens",
                        "usage":{"inputTokens":11,"outputTokens":6,"totalTokens":17},"metrics":{"latencyMs":80}}
                        """, null, null, 11L, 6L, List.of("max_tokens")),
                Arguments.of("not JSON at all", JSON, "<html>oops</html>", null, null, null, null, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void readsModelUsageAndFinishReasonsFromEveryProtocol(String name, HttpHeaders headers, String body, String model,
            String id, Long input, Long output, List<String> finishReasons) {
        ResponseFacts facts = scanInSmallChunks(headers, body, 7);

        assertEquals(model, facts.model());
        assertEquals(id, facts.id());
        assertEquals(input, facts.inputTokens());
        assertEquals(output, facts.outputTokens());
        assertEquals(finishReasons, facts.finishReasons());
    }

    @Test
    void aJsonBodyLargerThanTheLimitYieldsNoFactsInsteadOfUnboundedMemory() {
        String padding = "x".repeat(JsonUsageScanner.LIMIT);
        String body = "{\"model\":\"m\",\"pad\":\"" + padding + "\",\"usage\":{\"prompt_tokens\":1}}";

        ResponseFacts facts = scanInSmallChunks(JSON, body, 64 * 1024);

        assertNull(facts.model());
        assertNull(facts.inputTokens());
    }

    @Test
    void anOverlongStreamLineIsSkippedAndTheStreamStillRead() {
        String body = "data: {\"model\":\"m\",\"pad\":\"" + "x".repeat(SseUsageScanner.LINE_LIMIT) + "\"}\n\n"
                + "data: {\"model\":\"m2\",\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":3}}\n\n";

        ResponseFacts facts = scanInSmallChunks(SSE, body, 4096);

        assertEquals("m2", facts.model());
        assertEquals(3L, facts.outputTokens());
    }

    @Test
    void completionContentIsOnlyGatheredWhenCaptureIsOn() {
        String body = "{\"model\":\"m\",\"choices\":[{\"message\":{\"content\":\"the answer\"},\"finish_reason\":\"stop\"}]}";

        ResponseFacts off = scan(UsageScanner.forResponse(JSON, false), body, 16);
        ResponseFacts on = scan(UsageScanner.forResponse(JSON, true), body, 16);

        assertNull(off.outputContent());
        assertEquals("[{\"message\":{\"content\":\"the answer\"},\"finish_reason\":\"stop\"}]", on.outputContent());
    }

    @Test
    void aBedrockEventStreamIsReadMessageByMessageWhateverTheReads() {
        byte[] stream = bedrockStream(
                EventStreamMessage.event("messageStart", "{\"role\":\"assistant\"}"),
                EventStreamMessage.event("contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"usage\"}}"),
                EventStreamMessage.event("messageStop", "{\"stopReason\":\"end_turn\"}"),
                EventStreamMessage.event("metadata", "{\"usage\":{\"inputTokens\":21,\"outputTokens\":9,\"totalTokens\":30}}"));
        for (int chunk : new int[] {1, 7, 64, stream.length}) {
            UsageScanner scanner = UsageScanner.forResponse(EVENT_STREAM, false);
            for (int offset = 0; offset < stream.length; offset += chunk) {
                scanner.accept(stream, offset, Math.min(chunk, stream.length - offset));
            }
            ResponseFacts facts = scanner.finish();

            assertEquals(21L, facts.inputTokens(), "chunks of " + chunk);
            assertEquals(9L, facts.outputTokens());
            assertEquals(List.of("end_turn"), facts.finishReasons());
        }
    }

    @Test
    void aBrokenEventStreamKeepsWhatWasLearntBeforeIt() {
        byte[] good = bedrockStream(EventStreamMessage.event("metadata", "{\"usage\":{\"inputTokens\":4,\"outputTokens\":2}}"));
        byte[] garbage = "data: not an event stream\n\n".getBytes(StandardCharsets.UTF_8);
        UsageScanner scanner = UsageScanner.forResponse(EVENT_STREAM, false);
        scanner.accept(good, 0, good.length);
        scanner.accept(garbage, 0, garbage.length);
        scanner.accept(good, 0, good.length);

        assertEquals(4L, scanner.finish().inputTokens());
    }

    @Test
    void bedrocksAnswerIsReadAlikeWithContentCaptureOn() {
        String body = "{\"output\":{\"message\":{\"content\":[{\"text\":\"hi\"}]}},\"stopReason\":\"end_turn\","
                + "\"usage\":{\"inputTokens\":5,\"outputTokens\":1}}";

        ResponseFacts facts = scan(UsageScanner.forResponse(JSON, true), body, 16);

        assertEquals(5L, facts.inputTokens());
        assertEquals(1L, facts.outputTokens());
        assertEquals(List.of("end_turn"), facts.finishReasons());
    }

    private static byte[] bedrockStream(EventStreamMessage... messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (EventStreamMessage message : messages) {
            EventStreamEncoder.write(message, out);
        }
        return out.toByteArray();
    }

    private static ResponseFacts scanInSmallChunks(HttpHeaders headers, String body, int chunk) {
        return scan(UsageScanner.forResponse(headers, false), body, chunk);
    }

    private static ResponseFacts scan(UsageScanner scanner, String body, int chunk) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int offset = 0; offset < bytes.length; offset += chunk) {
            scanner.accept(bytes, offset, Math.min(chunk, bytes.length - offset));
        }
        return scanner.finish();
    }
}
