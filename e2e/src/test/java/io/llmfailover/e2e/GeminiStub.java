package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.time.Duration;
import java.util.List;

/**
 * A stand-in provider on loopback speaking the native Gemini wire format:
 * {@code models/{m}:generateContent} answers one {@code GenerateContentResponse};
 * {@code :streamGenerateContent?alt=sse} answers {@code data:} frames, each a whole response holding
 * only the new text, the finish reason and usage on the last, no {@code [DONE]}; Google-shaped
 * error bodies when told to fail. It plays one tool round trip: a call that defines tools gets a
 * {@code functionCall} of {@link #TOOL_NAME}, a call that holds a {@code functionResponse} gets
 * {@link #weatherReport()}, each in one frame when streamed. {@link #onVertex} serves the same under Vertex AI's path,
 * {@code /v1/projects/{p}/locations/{l}/publishers/google/models/{m}:generateContent}, and nowhere else.
 */
final class GeminiStub implements AutoCloseable {

    /** Where a Vertex AI project's models live on this stub: what {@link #vertexUrl()} ends with. */
    static final String VERTEX_LOCATION = "/v1/projects/e2e-proj/locations/us-east5";

    /** The ways this stub can refuse a call, with Google's status names. */
    enum Failure {
        UNAVAILABLE(503, "UNAVAILABLE", "The model is overloaded. Please try again later."),
        RESOURCE_EXHAUSTED(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."),
        INVALID_ARGUMENT(400, "INVALID_ARGUMENT", "maxOutputTokens: this stub rejects the request on purpose.");

        final int status;
        final String statusName;
        final String message;

        Failure(int status, String statusName, String message) {
            this.status = status;
            this.statusName = statusName;
            this.message = message;
        }

        String body() {
            ObjectNode body = JSON.createObjectNode();
            body.putObject("error").put("code", status).put("message", message).put("status", statusName);
            return body.toString();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FAILURE_PRIORITY = 1;
    private static final int TOOL_RESULT_PRIORITY = 2;
    private static final int TOOLS_PRIORITY = 3;
    private static final int ANSWER_PRIORITY = 5;

    private final String name;
    private final WireMockServer server;
    private final String generate;
    private final String streamGenerate;
    private final String anyGenerate;

    private GeminiStub(String name, String modelsPath, WireMockServer server) {
        this.name = name;
        this.server = server;
        this.generate = modelsPath + "[^/:]+:generateContent";
        this.streamGenerate = modelsPath + "[^/:]+:streamGenerateContent";
        this.anyGenerate = modelsPath + "[^/:]+:(stream)?[gG]enerateContent";
    }

    static GeminiStub answering(String name) {
        return started(name, false, LoopbackWireMock.start());
    }

    /** Gemini on Vertex AI: answers only under {@link #vertexUrl()}{@code /publishers/google/models/}. */
    static GeminiStub onVertex(String name) {
        return started(name, true, LoopbackWireMock.start());
    }

    /**
     * As {@link #answering} or {@link #onVertex}, also over HTTP/2 in clear text with prior
     * knowledge, as the AWS SDK's async client asks of every host its calls go to.
     */
    static GeminiStub alsoOverH2c(String name, boolean onVertex) {
        return started(name, onVertex, LoopbackWireMock.startAlsoSpeakingH2c());
    }

    private static GeminiStub started(String name, boolean onVertex, WireMockServer server) {
        GeminiStub stub = new GeminiStub(name, onVertex ? VERTEX_LOCATION + "/publishers/google/models/" : "/v1beta/models/", server);
        stub.answerGenerateCalls();
        return stub;
    }

    /** The base URL of a Vertex AI provider in the agent's config: one project and location. */
    String vertexUrl() {
        return rootUrl() + VERTEX_LOCATION;
    }

    String name() {
        return name;
    }

    /** The base URL an app and the agent's config are given, version path included. */
    String baseUrl() {
        return rootUrl() + "/v1beta";
    }

    /** The base URL without version path, as the Google Gen AI SDK is given it (it adds {@code v1beta}). */
    String rootUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    List<String> chunks() {
        return List.of("Hello", " from", " " + name);
    }

    String content() {
        return String.join("", chunks());
    }

    String weatherReport() {
        return "Sunny in Paris, says " + name + ".";
    }

    GeminiStub failing(Failure failure) {
        server.stubFor(post(urlPathMatching(anyGenerate)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(failure.status)
                .withHeader("Content-Type", "application/json; charset=UTF-8")
                .withBody(failure.body())));
        return this;
    }

    /** From now on every call, blocking or streaming, gets its response head only after {@code delay}. */
    GeminiStub answeringAfter(Duration delay) {
        server.stubFor(post(urlPathMatching(anyGenerate)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json; charset=UTF-8")
                .withFixedDelay((int) delay.toMillis())
                .withBody(frame(content(), true).toString())));
        return this;
    }

    /** Every generate call, blocking or streaming, this stub received. */
    List<LoggedRequest> requests() {
        return server.findAll(postRequestedFor(urlPathMatching(anyGenerate)));
    }

    @Override
    public void close() {
        server.stop();
    }

    private void answerGenerateCalls() {
        ObjectNode report = JSON.createObjectNode().put("text", weatherReport());
        ObjectNode toolCall = JSON.createObjectNode();
        toolCall.putObject("functionCall").put("name", AnthropicStub.TOOL_NAME).putObject("args").put("city", "Paris");
        answerInOneFrame("$..functionResponse", TOOL_RESULT_PRIORITY, report);
        answerInOneFrame("$.tools", TOOLS_PRIORITY, toolCall);
        server.stubFor(post(urlPathMatching(generate)).atPriority(ANSWER_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json; charset=UTF-8")
                .withBody(frame(content(), true).toString())));
        StringBuilder stream = new StringBuilder();
        List<String> chunks = chunks();
        for (int i = 0; i < chunks.size(); i++) {
            stream.append("data: ").append(frame(chunks.get(i), i == chunks.size() - 1)).append("\r\n\r\n");
        }
        server.stubFor(post(urlPathMatching(streamGenerate)).atPriority(ANSWER_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "text/event-stream")
                .withBody(stream.toString())
                .withChunkedDribbleDelay(chunks.size(), 100)));
    }

    /** Calls whose body has {@code jsonPath} get {@code part} alone, blocking or as a stream's one frame. */
    private void answerInOneFrame(String jsonPath, int priority, ObjectNode part) {
        server.stubFor(post(urlPathMatching(generate)).atPriority(priority).withRequestBody(matchingJsonPath(jsonPath))
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "application/json; charset=UTF-8")
                        .withBody(frame(part, true).toString())));
        server.stubFor(post(urlPathMatching(streamGenerate)).atPriority(priority).withRequestBody(matchingJsonPath(jsonPath))
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "text/event-stream")
                        .withBody("data: " + frame(part, true) + "\r\n\r\n")));
    }

    private ObjectNode frame(String text, boolean last) {
        return frame(JSON.createObjectNode().put("text", text), last);
    }

    private ObjectNode frame(ObjectNode part, boolean last) {
        ObjectNode response = JSON.createObjectNode();
        ObjectNode candidate = response.putArray("candidates").addObject();
        ObjectNode content = candidate.putObject("content");
        content.putArray("parts").add(part);
        content.put("role", "model");
        if (last) {
            candidate.put("finishReason", "STOP");
        }
        candidate.put("index", 0);
        ObjectNode usage = response.putObject("usageMetadata").put("promptTokenCount", 4);
        if (last) {
            usage.put("candidatesTokenCount", 4).put("totalTokenCount", 8);
        }
        return response.put("modelVersion", name + "-model").put("responseId", "e2e-" + name);
    }
}
