package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A wire protocol as the cross-protocol grid plays it ({@link CrossProtocolGridTest}): its stub, as
 * a primary refusing with its own 429 or as a fallback answering, a tool round trip included; the fallback's provider settings
 * (its own credential: a key, the agent's SigV4 identity, a Google token); and what a request in
 * its format looks like (path, model, stream flag, the user's text, a tool's definition).
 */
enum GridProtocol {
    OPENAI("openai", "backup-gpt"),
    ANTHROPIC("anthropic", "backup-claude"),
    GEMINI("gemini", "gemini-2.0-flash"),
    /** A cross-region inference profile: its ':' must reach the path escaped. */
    BEDROCK("bedrock", "us.anthropic.claude-haiku-4-5-20251001-v1:0"),
    VERTEX_GEMINI("vertex-gemini", "gemini-2.5-flash"),
    VERTEX_ANTHROPIC("vertex-anthropic", "claude-sonnet-4@20250514"),
    /**
     * Claude through Bedrock's InvokeModel, as the Anthropic SDK's Bedrock backend calls it: an app
     * protocol of the grid only; as a step it is InvokeModelFailoverTest's. A Bedrock step is asked
     * through InvokeModel by such an app, in the Bedrock step's model.
     */
    BEDROCK_ANTHROPIC("bedrock-anthropic", BEDROCK.model);

    /** The key of the fallbacks that take one, as the child's environment gives it. */
    static final String KEY = "sk-grid-fallback-9876543210";
    static final String KEY_VARIABLE = "E2E_GRID_KEY";
    /** The agent's own AWS identity, from the child's environment (the AWS default chain). */
    static final String AWS_ACCESS_KEY = "AKIDAGENTGRID0123456";
    static final String AWS_SECRET_KEY = "agent-secret-grid";
    static final String AWS_SESSION_TOKEN = "agent-session-token-grid";
    static final String AWS_REGION = "us-west-2";
    /** Every header a provider's credential travels in. */
    static final List<String> CREDENTIAL_HEADERS = List.of("Authorization", "x-api-key", "x-goog-api-key", "api-key",
            "X-Amz-Security-Token");

    final String protocol;
    /** The fallback's own model, which the agent puts in the request in place of the app's. */
    final String model;

    GridProtocol(String protocol, String model) {
        this.protocol = protocol;
        this.model = model;
    }

    /** The protocols the grid's fallbacks speak: every one but {@link #BEDROCK_ANTHROPIC}. */
    static List<GridProtocol> fallbacks() {
        return Arrays.stream(values()).filter(protocol -> protocol != BEDROCK_ANTHROPIC).toList();
    }

    /** A stub answering every call, blocking or streaming; over h2c too when the app's client asks for it. */
    GridStub answering(String name, boolean h2c) {
        return switch (this) {
            case OPENAI -> openAi(name, h2c ? StubProvider.answeringAlsoOverH2c(name) : StubProvider.answering(name));
            case ANTHROPIC, VERTEX_ANTHROPIC -> anthropic(name, h2c ? AnthropicStub.alsoOverH2c(name, onVertex())
                    : onVertex() ? AnthropicStub.onVertex(name) : AnthropicStub.answering(name));
            case GEMINI, VERTEX_GEMINI -> gemini(name, h2c ? GeminiStub.alsoOverH2c(name, onVertex())
                    : onVertex() ? GeminiStub.onVertex(name) : GeminiStub.answering(name));
            case BEDROCK, BEDROCK_ANTHROPIC -> bedrock(name, h2c ? BedrockStub.answeringAlsoOverH2c(name) : BedrockStub.answering(name));
        };
    }

    /** A stub refusing every call with a 429 in its protocol's own error shape. */
    GridStub rateLimited(String name, boolean h2c) {
        GridStub stub = answering(name, h2c);
        if (stub.server() instanceof StubProvider openAi) {
            openAi.failing(StubProvider.Failure.RATE_LIMITED);
        } else if (stub.server() instanceof AnthropicStub anthropic) {
            anthropic.failing(AnthropicStub.Failure.RATE_LIMITED);
        } else if (stub.server() instanceof GeminiStub gemini) {
            gemini.failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);
        } else {
            ((BedrockStub) stub.server()).throttled();
        }
        return stub;
    }

    /** {@code provider}, on {@code stub}, as a fallback of this protocol with its own credential and model. */
    ConfigFile asFallback(ConfigFile config, String provider, GridStub stub) {
        String prefix = "provider." + provider + ".";
        config.set(prefix + "url", stub.providerUrl())
                .set(prefix + "protocol", protocol)
                .set(prefix + "model.*", model);
        return switch (this) {
            case OPENAI, ANTHROPIC, GEMINI -> config.set(prefix + "api-key", "${" + KEY_VARIABLE + "}");
            case BEDROCK, BEDROCK_ANTHROPIC -> config.set(prefix + "auth", "sigv4").set(prefix + "region", AWS_REGION);
            case VERTEX_GEMINI, VERTEX_ANTHROPIC -> config.set(prefix + "auth", "google");
        };
    }

    /** The id its stub gives its tool call, or null: a Gemini function call has none. */
    String toolCallId() {
        return switch (this) {
            case OPENAI -> StubProvider.TOOL_CALL_ID;
            case ANTHROPIC, VERTEX_ANTHROPIC, BEDROCK_ANTHROPIC -> AnthropicStub.TOOL_USE_ID;
            case BEDROCK -> BedrockStub.TOOL_USE_ID;
            case GEMINI, VERTEX_GEMINI -> null;
        };
    }

    /** Whether its tool calls carry an id that a tool's result must name. */
    boolean namesToolCalls() {
        return toolCallId() != null;
    }

    /** The path and query a call of this protocol to the fallback's model goes to. */
    String path(boolean stream) {
        return switch (this) {
            case OPENAI -> "/v1/chat/completions";
            case ANTHROPIC -> "/v1/messages";
            case GEMINI -> "/v1beta/models/" + model + generateVerb(stream);
            case BEDROCK -> "/model/" + URLEncoder.encode(model, StandardCharsets.UTF_8) + (stream ? "/converse-stream" : "/converse");
            case VERTEX_GEMINI -> GeminiStub.VERTEX_LOCATION + "/publishers/google/models/" + model + generateVerb(stream);
            case VERTEX_ANTHROPIC -> GeminiStub.VERTEX_LOCATION + "/publishers/anthropic/models/" + model
                    + (stream ? ":streamRawPredict" : ":rawPredict");
            case BEDROCK_ANTHROPIC -> "/model/" + URLEncoder.encode(model, StandardCharsets.UTF_8)
                    + (stream ? "/invoke-with-response-stream" : "/invoke");
        };
    }

    /** The body is this protocol's: the user's text where it goes, the model where it goes, the stream flag where there is one. */
    void assertBodyShape(JsonNode body, String userText, boolean stream) {
        switch (this) {
            case OPENAI -> assertAll(
                    () -> assertEquals(model, body.path("model").asText(), body::toString),
                    () -> assertEquals(userText, openAiUserText(body), body::toString),
                    () -> assertEquals(stream, body.path("stream").asBoolean(false), body::toString));
            case ANTHROPIC, VERTEX_ANTHROPIC, BEDROCK_ANTHROPIC -> assertAll(
                    () -> assertEquals(this == ANTHROPIC ? model : null, body.has("model") ? body.path("model").asText() : null,
                            body::toString),
                    () -> assertEquals(this == VERTEX_ANTHROPIC ? "vertex-2023-10-16" : this == BEDROCK_ANTHROPIC ? "bedrock-2023-05-31" : "",
                            body.path("anthropic_version").asText(""), body::toString),
                    () -> assertTrue(body.path("max_tokens").asInt() > 0, body::toString),
                    () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals(userText, ContentText.of(body.at("/messages/0/content")), body::toString),
                    () -> assertEquals(stream && this != BEDROCK_ANTHROPIC, body.path("stream").asBoolean(false), body::toString));
            case GEMINI, VERTEX_GEMINI -> assertAll(
                    () -> assertFalse(body.has("model"), "the model is in the path" + body),
                    () -> assertEquals("user", body.at("/contents/0/role").asText(), body::toString),
                    () -> assertEquals(userText, body.at("/contents/0/parts/0/text").asText(), body::toString));
            case BEDROCK -> assertAll(
                    () -> assertFalse(body.has("model") || body.has("modelId"), "the model is in the path" + body),
                    () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals(userText, body.at("/messages/0/content/0/text").asText(), body::toString));
        }
    }

    /** The name of the first tool the request defines, where this protocol defines tools. */
    String firstToolName(JsonNode body) {
        return switch (this) {
            case OPENAI -> body.at("/tools/0/function/name").asText();
            case ANTHROPIC, VERTEX_ANTHROPIC, BEDROCK_ANTHROPIC -> body.at("/tools/0/name").asText();
            case GEMINI, VERTEX_GEMINI -> body.at("/tools/0/functionDeclarations/0/name").asText();
            case BEDROCK -> body.at("/toolConfig/tools/0/toolSpec/name").asText();
        };
    }

    /** The request carries this fallback's own credential, in its own header, and no other credential header. */
    void assertOwnCredential(LoggedRequest sent, Supplier<String> context, String googleToken) {
        String header = switch (this) {
            case OPENAI, BEDROCK, BEDROCK_ANTHROPIC, VERTEX_GEMINI, VERTEX_ANTHROPIC -> "Authorization";
            case ANTHROPIC -> "x-api-key";
            case GEMINI -> "x-goog-api-key";
        };
        switch (this) {
            case OPENAI -> assertEquals("Bearer " + KEY, sent.getHeader(header), context);
            case ANTHROPIC, GEMINI -> assertEquals(KEY, sent.getHeader(header), context);
            case VERTEX_GEMINI, VERTEX_ANTHROPIC -> assertEquals("Bearer " + googleToken, sent.getHeader(header), context);
            case BEDROCK, BEDROCK_ANTHROPIC -> assertAll(
                    () -> assertTrue(sent.getHeader(header).startsWith("AWS4-HMAC-SHA256 Credential=" + AWS_ACCESS_KEY + "/"),
                            () -> sent.getHeader(header) + context.get()),
                    () -> assertEquals(AWS_SESSION_TOKEN, sent.getHeader("X-Amz-Security-Token"), context),
                    () -> assertTrue(new SigV4Check(AWS_ACCESS_KEY, AWS_SECRET_KEY, AWS_REGION, "bedrock").accepts(sent),
                            () -> "the signature does not verify" + context.get()));
        }
        for (String other : CREDENTIAL_HEADERS) {
            boolean own = other.equalsIgnoreCase(header) || isBedrock() && other.equals("X-Amz-Security-Token");
            if (!own) {
                assertNull(sent.getHeader(other), () -> other + " reached the fallback" + context.get());
            }
        }
        assertTrue(sent.getHeader("Content-Type").toLowerCase(Locale.ROOT).startsWith("application/json"), context);
    }

    private boolean isBedrock() {
        return this == BEDROCK || this == BEDROCK_ANTHROPIC;
    }

    private boolean onVertex() {
        return this == VERTEX_GEMINI || this == VERTEX_ANTHROPIC;
    }

    private static String generateVerb(boolean stream) {
        return stream ? ":streamGenerateContent?alt=sse" : ":generateContent";
    }

    private GridStub openAi(String name, StubProvider stub) {
        return new GridStub(this, name, stub, stub.baseUrl(), stub.baseUrl(), stub::chatRequests, stub.chunks(),
                stub.weatherReport());
    }

    private GridStub anthropic(String name, AnthropicStub stub) {
        return new GridStub(this, name, stub, onVertex() ? stub.vertexUrl() : stub.baseUrl(), stub.rootUrl(),
                stub::requests, stub.chunks(), stub.weatherReport());
    }

    private GridStub gemini(String name, GeminiStub stub) {
        return new GridStub(this, name, stub, onVertex() ? stub.vertexUrl() : stub.baseUrl(), stub.rootUrl(),
                stub::requests, stub.chunks(), stub.weatherReport());
    }

    private GridStub bedrock(String name, BedrockStub stub) {
        return new GridStub(this, name, stub, stub.baseUrl(), stub.baseUrl(), stub::requests, stub.chunks(),
                stub.weatherReport());
    }

    /** The last user message's text: a string, or its text parts joined. */
    private static String openAiUserText(JsonNode body) {
        String last = null;
        for (JsonNode message : body.path("messages")) {
            if ("user".equals(message.path("role").asText())) {
                last = ContentText.of(message.path("content"));
            }
        }
        return last;
    }
}
