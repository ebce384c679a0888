package io.llmfailover.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A call in Vertex AI's shape, as a {@link FaultServer} provider of a Vertex wire receives it at
 * {@code /<cell>/<role>/v1/projects/{p}/locations/{l}/publishers/…}: Gemini's {@code :generateContent}
 * or {@code :streamGenerateContent?alt=sse} with Gemini's body; Claude's {@code :rawPredict} or
 * {@code :streamRawPredict} with Anthropic's body, {@code anthropic_version: vertex-2023-10-16} in it,
 * no {@code model}, and {@code stream} as the verb says.
 */
final class VertexCall {

    private static final String PUBLISHERS = "^/[^/]+/[^/]+" + Pattern.quote(GeminiStub.VERTEX_LOCATION) + "/publishers/";
    private static final Pattern GEMINI = Pattern.compile(PUBLISHERS + "google/models/[^/:?]+:(generateContent|streamGenerateContent\\?alt=sse)$");
    private static final Pattern CLAUDE = Pattern.compile(PUBLISHERS + "anthropic/models/[^/:?]+:(rawPredict|streamRawPredict)$");
    private static final String ANTHROPIC_VERSION = "vertex-2023-10-16";

    private final ObjectMapper json = new ObjectMapper();

    /**
     * Made before the app calls, its parser run once: a backup's first answer must not wait on
     * Jackson's start-up, which on a busy machine eats into the agent's deadline for a head.
     */
    VertexCall() {
        body("{\"contents\":[]}");
    }

    /** Whether {@code request} is a call of {@code wire} as Vertex AI takes it. */
    boolean shaped(ChatWire wire, FaultExchange.Request request) {
        Matcher path = (wire == ChatWire.VERTEX_GEMINI ? GEMINI : CLAUDE).matcher(request.path());
        if (!request.method().equals("POST") || !path.matches()) {
            return false;
        }
        JsonNode body = body(request.body());
        if (wire == ChatWire.VERTEX_GEMINI) {
            return body.path("contents").isArray();
        }
        return ANTHROPIC_VERSION.equals(body.path("anthropic_version").asText()) && !body.has("model")
                && body.path("messages").isArray()
                && body.path("stream").asBoolean(false) == path.group(1).equals("streamRawPredict");
    }

    private JsonNode body(String text) {
        try {
            return json.readTree(text);
        } catch (IOException notJson) {
            return json.missingNode();
        }
    }
}
