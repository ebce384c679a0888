package io.llmfailover.runtime.protocol.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.anthropic.AnthropicMessagesFormat;

/**
 * What the clouds ask of a publisher's body beyond its own API: Claude's body on Vertex AI and on
 * Bedrock's InvokeModel carries {@code anthropic_version} instead of {@code model} (which is in the
 * path), and on Vertex AI every Gemini content names its role.
 */
final class CloudBodies {

    /** The Messages API version Vertex AI's Claude takes in the body. */
    static final String VERTEX_CLAUDE_VERSION = "vertex-2023-10-16";
    /** The Messages API version Bedrock's InvokeModel takes in the body. */
    static final String BEDROCK_CLAUDE_VERSION = "bedrock-2023-05-31";

    private static final String VERSION_FIELD = "anthropic_version";

    private CloudBodies() {}

    /** An Anthropic Messages body as Claude on Vertex AI takes it, which reads {@code stream} from it. */
    static byte[] forVertexClaude(byte[] messagesBody) throws UntranslatableRequestException {
        ObjectNode body = parsed(messagesBody);
        body.remove("model");
        body.put(VERSION_FIELD, VERTEX_CLAUDE_VERSION);
        return Json.bytes(body);
    }

    /**
     * An Anthropic Messages body as Bedrock's InvokeModel takes it: it streams by its path, and
     * refuses a {@code stream} field.
     */
    static byte[] forInvokeModel(byte[] messagesBody) throws UntranslatableRequestException {
        ObjectNode body = parsed(messagesBody);
        body.remove("model");
        body.remove("stream");
        body.put(VERSION_FIELD, BEDROCK_CLAUDE_VERSION);
        return Json.bytes(body);
    }

    /**
     * A body sent to Claude on a cloud as Anthropic's own API takes it: {@code model} back, the
     * version gone, and {@code stream} when the path asked for a stream (InvokeModel's body never says).
     */
    static byte[] fromClaude(byte[] cloudBody, String model, boolean stream) throws UntranslatableRequestException {
        ObjectNode body = parsed(cloudBody);
        body.remove(VERSION_FIELD);
        body.put("model", model);
        if (stream) {
            body.put("stream", true);
        }
        return Json.bytes(body);
    }

    /**
     * A request for Anthropic's own API from an app that named its version in the body, as Claude on
     * a cloud takes it: the {@code anthropic-version} header Anthropic's API requires instead.
     */
    static TargetRequest withVersionHeader(TargetRequest request) {
        if (request.headers().contains(AnthropicMessagesFormat.VERSION_HEADER)) {
            return request;
        }
        return new TargetRequest(request.operation(), request.model(), request.stream(), request.path(), request.body(),
                request.headers().with(AnthropicMessagesFormat.VERSION_HEADER, AnthropicMessagesFormat.VERSION),
                request.dropped());
    }

    /** A Gemini body whose contents all name their role; a content without one is the user's, as Gemini reads it. */
    static byte[] withRoles(byte[] geminiBody) throws UntranslatableRequestException {
        ObjectNode body = parsed(geminiBody);
        boolean added = false;
        for (JsonNode content : Json.elements(body, "contents")) {
            if (content instanceof ObjectNode object && !object.hasNonNull("role")) {
                object.put("role", "user");
                added = true;
            }
        }
        return added ? Json.bytes(body) : geminiBody;
    }

    private static ObjectNode parsed(byte[] body) throws UntranslatableRequestException {
        try {
            return Json.parseObject(body);
        } catch (MalformedBodyException malformed) {
            throw new UntranslatableRequestException("the request body cannot be read: " + malformed.getMessage());
        }
    }
}
