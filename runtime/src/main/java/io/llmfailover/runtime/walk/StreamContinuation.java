package io.llmfailover.runtime.walk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.Json;

/**
 * The request that asks a fallback to finish a broken stream, in the caller's protocol: the
 * conversation as the app sent it, then the answer so far as the assistant's own turn, which the
 * model continues (Anthropic's prefill; the same shape for OpenAI-compatible and Gemini models).
 * Null for a request the agent does not resume: one with tools or a structured-output format,
 * whose answer is not free text, or one that asks for several answers at once ({@code n},
 * {@code candidateCount}), whose choices are streamed interleaved and could only be finished one
 * by one by asking again for each: such a stream breaks off as without {@code stream.resume}.
 */
final class StreamContinuation {

    private StreamContinuation() {}

    /** Whether an answer to this request may be finished by another provider: one free text only. */
    static boolean allows(Operation operation, byte[] body) {
        ObjectNode request = Json.parseObjectOrNull(new String(body, java.nio.charset.StandardCharsets.UTF_8));
        if (request == null) {
            return false;
        }
        return switch (operation) {
            case CHAT_COMPLETIONS -> !request.has("tools") && !request.has("functions")
                    && !request.path("response_format").path("type").asText("text").startsWith("json")
                    && request.path("n").asInt(1) <= 1;
            case MESSAGES -> !request.has("tools");
            case GENERATE_CONTENT -> !request.has("tools")
                    && !request.path("generationConfig").path("responseMimeType").asText("text/plain").contains("json")
                    && request.path("generationConfig").path("candidateCount").asInt(1) <= 1;
            default -> false;
        };
    }

    /** The original request with {@code delivered} as the assistant's turn to continue. */
    static byte[] request(Operation operation, byte[] original, String delivered) {
        ObjectNode request = Json.parseObject(original);
        switch (operation) {
            case CHAT_COMPLETIONS -> ((ArrayNode) request.withArray("messages"))
                    .add(Json.object().put("role", "assistant").put("content", delivered));
            // Anthropic refuses a prefilled turn that ends in white space: it is the model's to write again.
            case MESSAGES -> ((ArrayNode) request.withArray("messages"))
                    .add(Json.object().put("role", "assistant").put("content", delivered.stripTrailing()));
            case GENERATE_CONTENT -> {
                ObjectNode turn = Json.object().put("role", "model");
                turn.putArray("parts").add(Json.object().put("text", delivered));
                ((ArrayNode) request.withArray("contents")).add(turn);
            }
            default -> throw new IllegalArgumentException(operation + " streams are not resumed");
        }
        return Json.bytes(request);
    }

    /** Whether a continuation's event is one the app already had from the broken stream: the message's opening. */
    static boolean opensMessage(Operation operation, JsonNode event) {
        if (operation != Operation.MESSAGES) {
            return false;
        }
        String type = event.path("type").asText();
        return type.equals("message_start") || type.equals("content_block_start") || type.equals("ping");
    }
}
