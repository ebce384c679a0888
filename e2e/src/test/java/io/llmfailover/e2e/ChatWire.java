package io.llmfailover.e2e;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * How a provider of one wire protocol writes what the fault matrix's providers send: a whole
 * answer, the events of a streamed one, and an error body.
 */
enum ChatWire {
    OPENAI("openai", "/chat/completions") {
        @Override
        String completion(String name, String content) {
            return StubProvider.fixture("chat-completion.json").replace("%NAME%", name).replace("%CONTENT%", content);
        }

        @Override
        List<String> eventsThrough(String name, List<String> deltas, int count) {
            String chunk = StubProvider.fixture("chat-completion-chunk.json").replace("%NAME%", name).strip();
            List<String> events = new ArrayList<>();
            for (int i = 0; i < Math.min(count, deltas.size()); i++) {
                String role = i == 0 ? "\"role\":\"assistant\"," : "";
                String delta = "{" + role + "\"content\":\"" + deltas.get(i) + "\"}";
                events.add("data: " + chunk.replace("%DELTA%", delta).replace("%FINISH%", "null") + "\n\n");
            }
            if (count >= deltas.size()) {
                events.add("data: " + chunk.replace("%DELTA%", "{}").replace("%FINISH%", "\"stop\"") + "\n\n");
                events.add("data: [DONE]\n\n");
            }
            return events;
        }

        @Override
        String errorBody(int status, String type, String message) {
            return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"" + type + "\",\"param\":null,\"code\":\""
                    + type + "\"}}";
        }
    },

    ANTHROPIC("anthropic", "/messages") {
        @Override
        String completion(String name, String content) {
            return "{\"id\":\"msg_" + name + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"" + name
                    + "-model\",\"content\":[{\"type\":\"text\",\"text\":\"" + content + "\"}],\"stop_reason\":\"end_turn\","
                    + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":9,\"output_tokens\":3}}";
        }

        @Override
        List<String> eventsThrough(String name, List<String> deltas, int count) {
            List<String> events = new ArrayList<>();
            events.add(event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_" + name
                    + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"" + name + "-model\",\"content\":[],"
                    + "\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":9,\"output_tokens\":1}}}"));
            events.add(event("content_block_start",
                    "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"));
            for (int i = 0; i < Math.min(count, deltas.size()); i++) {
                events.add(event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,"
                        + "\"delta\":{\"type\":\"text_delta\",\"text\":\"" + deltas.get(i) + "\"}}"));
            }
            if (count >= deltas.size()) {
                events.add(event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"));
                events.add(event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\","
                        + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":3}}"));
                events.add(event("message_stop", "{\"type\":\"message_stop\"}"));
            }
            return events;
        }

        @Override
        String errorBody(int status, String type, String message) {
            return "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message + "\"}}";
        }

        private String event(String type, String data) {
            return "event: " + type + "\ndata: " + data + "\n\n";
        }
    },

    /** Gemini's native API: a stream is {@code :streamGenerateContent?alt=sse}, whole responses as {@code data:} frames. */
    GEMINI("gemini", "/models/gemini-2.5-flash:generateContent", "/v1beta") {
        @Override
        String completion(String name, String content) {
            return response(name, content, true);
        }

        @Override
        List<String> eventsThrough(String name, List<String> deltas, int count) {
            List<String> events = new ArrayList<>();
            for (int i = 0; i < Math.min(count, deltas.size()); i++) {
                events.add("data: " + response(name, deltas.get(i), false) + "\r\n\r\n");
            }
            if (count >= deltas.size()) {
                events.add("data: " + response(name, "", true) + "\r\n\r\n");
            }
            return events;
        }

        @Override
        String errorBody(int status, String type, String message) {
            return "{\"error\":{\"code\":" + status + ",\"message\":\"" + message + "\",\"status\":\""
                    + type.toUpperCase(java.util.Locale.ROOT) + "\"}}";
        }

        private String response(String name, String text, boolean last) {
            return "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"" + text + "\"}],\"role\":\"model\"},"
                    + (last ? "\"finishReason\":\"STOP\"," : "") + "\"index\":0}],"
                    + "\"usageMetadata\":{\"promptTokenCount\":4,\"candidatesTokenCount\":3,\"totalTokenCount\":7},"
                    + "\"modelVersion\":\"" + name + "-model\",\"responseId\":\"e2e-" + name + "\"}";
        }
    },

    // Vertex AI: a publisher's own bodies under a project's and location's path ({@link #vertexMode}).

    /** Gemini on Vertex AI: {@link #GEMINI}'s bodies; {@code :streamGenerateContent?alt=sse} streams. */
    VERTEX_GEMINI("vertex-gemini", "/publishers/google/models/gemini-2.5-flash:generateContent", GEMINI),
    /**
     * Claude on Vertex AI: {@link #ANTHROPIC}'s bodies, asked with {@code :rawPredict} or {@code
     * :streamRawPredict}, the request's {@code anthropic_version} in the body and its model in the path.
     */
    VERTEX_ANTHROPIC("vertex-anthropic", "/publishers/anthropic/models/claude-sonnet-4-5:rawPredict", ANTHROPIC),

    // Bedrock's two ways to Claude (issue 38): every request SigV4-signed, every stream in AWS's
    // event-stream framing, every error {"message": ...} with its exception in x-amzn-ErrorType.
    // Event streams have no keep-alive comment: see keepAlive(). A "malformed" stream (SSE text in
    // an event-stream body) is a message prelude whose length and CRC are garbage.

    /**
     * Bedrock Runtime's Converse ({@code /model/{id}/converse}, {@code /converse-stream}): its stream
     * events written here as their JSON form, {@code {"contentBlockDelta": {...}}}, each sent as one
     * event-stream message of that {@code :event-type}.
     */
    BEDROCK("bedrock", "/model/backup-model/converse", "") {
        @Override
        String completion(String name, String content) {
            return "{\"output\":{\"message\":{\"role\":\"assistant\",\"content\":[{\"text\":\"" + content + "\"}]}},"
                    + "\"stopReason\":\"end_turn\",\"usage\":{\"inputTokens\":9,\"outputTokens\":3,\"totalTokens\":12},"
                    + "\"metrics\":{\"latencyMs\":42}}";
        }

        @Override
        List<String> eventsThrough(String name, List<String> deltas, int count) {
            List<String> events = new ArrayList<>();
            events.add("{\"messageStart\":{\"role\":\"assistant\"}}");
            for (int i = 0; i < Math.min(count, deltas.size()); i++) {
                events.add("{\"contentBlockDelta\":{\"contentBlockIndex\":0,\"delta\":{\"text\":\"" + deltas.get(i) + "\"}}}");
            }
            if (count >= deltas.size()) {
                events.add("{\"contentBlockStop\":{\"contentBlockIndex\":0}}");
                events.add("{\"messageStop\":{\"stopReason\":\"end_turn\"}}");
                events.add("{\"metadata\":{\"usage\":{\"inputTokens\":9,\"outputTokens\":3,\"totalTokens\":12},"
                        + "\"metrics\":{\"latencyMs\":42}}}");
            }
            return events;
        }

        @Override
        byte[] frame(String event) {
            return BedrockStub.event(event);
        }

        @Override
        String errorBody(int status, String type, String message) {
            return bedrockError(message);
        }
    },

    /**
     * Claude through Bedrock's InvokeModel ({@code /model/{id}/invoke}, {@code
     * /invoke-with-response-stream}), as the Anthropic SDK's Bedrock backend calls it: Anthropic's
     * message JSON, and Anthropic's stream events, each the base64 {@code bytes} of a {@code chunk} message.
     */
    BEDROCK_INVOKE("bedrock", "/model/backup-model/invoke", "") {
        @Override
        String completion(String name, String content) {
            return ANTHROPIC.completion(name, content);
        }

        @Override
        List<String> eventsThrough(String name, List<String> deltas, int count) {
            return ANTHROPIC.eventsThrough(name, deltas, count).stream()
                    .map(event -> event.substring(event.indexOf("data: ") + "data: ".length()).strip())
                    .toList();
        }

        @Override
        byte[] frame(String event) {
            return BedrockStub.chunk(event);
        }

        @Override
        String errorBody(int status, String type, String message) {
            return bedrockError(message);
        }
    };

    /** The {@code provider.<name>.protocol} of a provider speaking this. */
    final String protocol;
    /** The generation operation's path after the base URL. */
    final String operationPath;
    /** The API version path a base URL ends in. */
    final String versionPath;
    /** The wire whose bodies this one writes, under paths of its own; null for a wire that writes its own. */
    private final ChatWire publisher;

    ChatWire(String protocol, String operationPath) {
        this(protocol, operationPath, "/v1");
    }

    ChatWire(String protocol, String operationPath, String versionPath) {
        this(protocol, operationPath, versionPath, null);
    }

    /** A Vertex AI wire: {@code publisher}'s bodies, at the project and location every Vertex stub serves. */
    ChatWire(String protocol, String operationPath, ChatWire publisher) {
        this(protocol, operationPath, GeminiStub.VERTEX_LOCATION, publisher);
    }

    ChatWire(String protocol, String operationPath, String versionPath, ChatWire publisher) {
        this.protocol = protocol;
        this.operationPath = operationPath;
        this.versionPath = versionPath;
        this.publisher = publisher;
    }

    /** A blocking call's answer whose text is {@code content}. */
    String completion(String name, String content) {
        return publisher.completion(name, content);
    }

    /** A stream's events up to its {@code count}-th delta; with every delta, its ending too. */
    List<String> eventsThrough(String name, List<String> deltas, int count) {
        return publisher.eventsThrough(name, deltas, count);
    }

    String errorBody(int status, String type, String message) {
        return publisher.errorBody(status, type, message);
    }

    /**
     * The {@code <project>/<location>} an SDK app is put in its Vertex AI mode with, the one every
     * Vertex provider's URL names; null for a wire that is not Vertex AI's.
     */
    String vertexMode() {
        return publisher == null ? null : versionPath.substring("/v1/projects/".length()).replace("/locations/", "/");
    }

    /** A whole stream of these deltas, ending as the protocol ends a stream. */
    List<String> events(String name, List<String> deltas) {
        return eventsThrough(name, deltas, deltas.size());
    }

    /** The bytes of one of {@link #eventsThrough}'s events on the wire: as written, but for Bedrock's binary framing. */
    byte[] frame(String event) {
        return event.getBytes(StandardCharsets.UTF_8);
    }

    /** A whole stream's bytes, as sent: its events' frames one after the other. */
    byte[] stream(List<String> events) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        events.forEach(event -> stream.writeBytes(frame(event)));
        return stream.toByteArray();
    }

    /** The content type of a streamed answer. */
    String streamContentType() {
        return awsSigned() ? BedrockStub.EVENT_STREAM : "text/event-stream";
    }

    /**
     * The headers of a streamed answer's head that its clients look for: an InvokeModel stream's
     * {@code x-amzn-bedrock-content-type}, the content type of the payload in its chunks, which the
     * Anthropic SDK's Bedrock backend requires.
     */
    String[] streamHeaders() {
        return this == BEDROCK_INVOKE ? new String[] {"x-amzn-bedrock-content-type", "application/json"} : new String[0];
    }

    /**
     * What a provider sends to keep a silent stream open, or null where the framing has none: an
     * AWS event stream has no comment or ping message, so a Bedrock "keep-alives only" stream is a
     * head and silence, which the agent's deadline for a first content cuts as it cuts comments.
     */
    byte[] keepAlive() {
        return awsSigned() ? null : ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The headers of an error of this {@code type} (the fault rows' OpenAI-style names): Bedrock
     * names its exception in {@code x-amzn-ErrorType}, which the AWS SDK turns into its exception
     * class; a 502, 504 or 529 comes from something in front of Bedrock and names none.
     */
    String[] errorHeaders(int status, String type) {
        String exception = !awsSigned() ? null : switch (type) {
            case "rate_limit_error" -> "ThrottlingException";
            case "insufficient_quota" -> "ServiceQuotaExceededException";
            case "invalid_request_error" -> "ValidationException";
            case "server_error" -> status == 500 ? "InternalServerException" : status == 503 ? "ServiceUnavailableException" : null;
            default -> null;
        };
        return exception == null ? new String[0]
                : new String[] {"x-amzn-ErrorType", exception + ":http://internal.amazon.com/coral/com.amazon.bedrock/"};
    }

    /** Bedrock's error body, whatever the exception: its name is in a header ({@link #errorHeaders}). */
    private static String bedrockError(String message) {
        return "{\"message\":\"" + message + "\"}";
    }

    /** Whether requests to this wire's providers are SigV4-signed (Bedrock) rather than carrying a key. */
    boolean awsSigned() {
        return this == BEDROCK || this == BEDROCK_INVOKE;
    }
}
