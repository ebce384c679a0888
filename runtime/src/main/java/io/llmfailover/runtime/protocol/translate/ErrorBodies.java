package io.llmfailover.runtime.protocol.translate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.provider.Protocol;

/** Error bodies in each protocol's shape: re-emitted from a target's error, or made by the gateway. */
public final class ErrorBodies {

    private static final int ANTHROPIC_OVERLOADED = 529;

    private ErrorBodies() {}

    /**
     * A synthetic error body in the caller's protocol, e.g. for "every provider silenced" (429) or
     * "every breaker open" (503). The message must not quote prompts or keys.
     */
    public static byte[] of(Protocol caller, int status, String message) {
        return Json.bytes(body(caller, ErrorKind.fromStatus(status), statusFor(caller, status), message));
    }

    /** A target's error body re-written in the caller's protocol, keeping its message and status family. */
    public static byte[] translate(Protocol caller, int targetStatus, byte[] targetBody) {
        String message = messageOf(targetBody);
        if (message == null) {
            message = "the fallback provider answered HTTP " + targetStatus;
        }
        return of(caller, targetStatus, message);
    }

    /**
     * The status to give the caller for a target's status: Anthropic's 529 (overloaded) becomes 503
     * for OpenAI and Gemini callers, whose SDKs know no 529; every other status is kept.
     */
    public static int statusFor(Protocol caller, int targetStatus) {
        if (targetStatus == ANTHROPIC_OVERLOADED && caller.wire() != Protocol.ANTHROPIC) {
            return 503;
        }
        return targetStatus;
    }

    /** The {@code error.message} of OpenAI, Anthropic and Gemini error bodies, Bedrock's {@code message}, or null. */
    public static String messageOf(byte[] body) {
        try {
            ObjectNode json = Json.parseObject(body);
            JsonNode error = Json.field(json, "error");
            // Bedrock's error body is the message itself: {"message": …}
            return error == null ? Json.text(json, "message") : Json.text(error, "message");
        } catch (MalformedBodyException notJson) {
            return null;
        }
    }

    static ObjectNode body(Protocol caller, ErrorKind kind, int status, String message) {
        ObjectNode error = Json.object();
        return switch (caller) {
            case OPENAI -> {
                error.put("message", message).put("type", kind.openAiType()).putNull("param");
                if (kind.openAiCode() == null) {
                    error.putNull("code");
                } else {
                    error.put("code", kind.openAiCode());
                }
                ObjectNode body = Json.object();
                body.set("error", error);
                yield body;
            }
            case ANTHROPIC, VERTEX_ANTHROPIC -> {
                error.put("type", kind.anthropicType()).put("message", message);
                ObjectNode body = Json.object().put("type", "error");
                body.set("error", error);
                yield body;
            }
            case GEMINI, VERTEX_GEMINI -> {
                error.put("code", status).put("message", message).put("status", kind.geminiStatus());
                ObjectNode body = Json.object();
                body.set("error", error);
                yield body;
            }
            case BEDROCK, BEDROCK_ANTHROPIC -> Json.object().put("__type", kind.bedrockException()).put("message", message);
        };
    }
}
