package io.llmfailover.runtime.walk;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.Json;
import java.nio.charset.StandardCharsets;

/**
 * The text a committed stream has handed the app so far, in the caller's protocol, told whole
 * events as they are made ready: what a fallback is asked to continue when the stream breaks. A
 * stream that carried anything but text (a tool call, a thinking block, JSON it cannot read) or
 * that already finished is not resumable; nor is one that carried a second choice or candidate,
 * whose text would be interleaved with the first's.
 */
final class StreamTranscript {

    private final Operation operation;
    private final StringBuilder text = new StringBuilder();
    private boolean resumable;
    private boolean finished;
    /** Anthropic: the index of the text block being streamed, which the continuation's deltas must name. */
    private int textBlockIndex;

    StreamTranscript(Operation operation) {
        this.operation = operation;
        this.resumable = operation == Operation.CHAT_COMPLETIONS || operation == Operation.MESSAGES
                || operation == Operation.GENERATE_CONTENT;
    }

    /** Complete events, {@code bytes[from, to)}, separated by blank lines. */
    void accept(byte[] bytes, int from, int to) {
        if (!resumable || finished || from >= to) {
            return;
        }
        for (String event : new String(bytes, from, to - from, StandardCharsets.UTF_8).split("\r?\n\r?\n")) {
            String data = dataOf(event);
            if (data != null) {
                read(data.strip());
            }
        }
    }

    boolean resumable() {
        return resumable && !finished;
    }

    String text() {
        return text.toString();
    }

    int textBlockIndex() {
        return textBlockIndex;
    }

    private void read(String data) {
        if (data.equals("[DONE]")) {
            finished = true;
            return;
        }
        JsonNode json = Json.parseObjectOrNull(data);
        if (json == null) {
            resumable = false;
            return;
        }
        switch (operation) {
            case CHAT_COMPLETIONS -> readChatChunk(json);
            case MESSAGES -> readMessagesEvent(json);
            default -> readGeminiChunk(json);
        }
    }

    private void readChatChunk(JsonNode chunk) {
        for (JsonNode choice : chunk.path("choices")) {
            if (choice.path("index").asInt(0) != 0) {
                resumable = false;
            }
            JsonNode delta = choice.path("delta");
            if (delta.has("tool_calls") || delta.has("function_call")) {
                resumable = false;
            }
            if (delta.path("content").isTextual()) {
                text.append(delta.path("content").asText());
            }
            if (choice.path("finish_reason").isTextual()) {
                finished = true;
            }
        }
    }

    private void readMessagesEvent(JsonNode event) {
        switch (event.path("type").asText()) {
            case "content_block_start" -> {
                if (!"text".equals(event.path("content_block").path("type").asText())) {
                    resumable = false;
                }
                textBlockIndex = event.path("index").asInt();
            }
            case "content_block_delta" -> {
                JsonNode delta = event.path("delta");
                if ("text_delta".equals(delta.path("type").asText())) {
                    text.append(delta.path("text").asText());
                } else {
                    resumable = false;
                }
            }
            case "message_stop" -> finished = true;
            case "message_delta" -> finished |= event.path("delta").path("stop_reason").isTextual();
            default -> { }
        }
    }

    private void readGeminiChunk(JsonNode chunk) {
        for (JsonNode candidate : chunk.path("candidates")) {
            if (candidate.path("index").asInt(0) != 0) {
                resumable = false;
            }
            for (JsonNode part : candidate.path("content").path("parts")) {
                if (part.path("text").isTextual() && !part.path("thought").asBoolean(false)) {
                    text.append(part.path("text").asText());
                } else {
                    resumable = false;
                }
            }
            if (candidate.path("finishReason").isTextual()) {
                finished = true;
            }
        }
    }

    /** The event's data, its {@code data:} lines joined; null when it has none (a comment, a keep-alive). */
    private static String dataOf(String event) {
        StringBuilder data = null;
        for (String line : event.split("\r?\n")) {
            if (line.startsWith("data:")) {
                String value = line.substring(5);
                value = value.startsWith(" ") ? value.substring(1) : value;
                data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            }
        }
        return data == null ? null : data.toString();
    }
}
