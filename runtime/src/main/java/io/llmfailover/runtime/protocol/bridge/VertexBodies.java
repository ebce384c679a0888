package io.llmfailover.runtime.protocol.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;

/**
 * What Vertex AI asks of a publisher's body beyond its own API: Claude's body carries
 * {@code anthropic_version} instead of {@code model} (which is in the path), and every Gemini
 * content names its role.
 */
final class VertexBodies {

    /** The Messages API version Vertex AI's Claude takes in the body. */
    static final String CLAUDE_VERSION = "vertex-2023-10-16";

    private static final String VERSION_FIELD = "anthropic_version";

    private VertexBodies() {}

    /** An Anthropic Messages body as Claude on Vertex AI takes it. */
    static byte[] forClaude(byte[] messagesBody) throws UntranslatableRequestException {
        ObjectNode body = parsed(messagesBody);
        body.remove("model");
        body.put(VERSION_FIELD, CLAUDE_VERSION);
        return Json.bytes(body);
    }

    /** A body sent to Claude on Vertex AI as Anthropic's own API takes it: {@code model} back, the version gone. */
    static byte[] fromClaude(byte[] vertexBody, String model) throws UntranslatableRequestException {
        ObjectNode body = parsed(vertexBody);
        body.remove(VERSION_FIELD);
        body.put("model", model);
        return Json.bytes(body);
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
