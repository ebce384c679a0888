package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.matching.MatchResult;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A stand-in LLM provider on loopback speaking the OpenAI chat completions wire format: JSON for
 * blocking calls, SSE chunks ending in {@code [DONE]} for {@code "stream": true}, and OpenAI-shaped
 * error bodies when told to fail. Its request journal tells the tests what reached it. It plays one
 * tool round trip: a call that defines tools gets a call of {@link AnthropicStub#TOOL_NAME}
 * ({@code finish_reason: tool_calls}, its arguments streamed in two fragments), a call that holds a
 * {@code tool} message gets {@link #weatherReport()}.
 */
final class StubProvider implements AutoCloseable {

    /** The chat path, and Azure's shape of it under the same base: {@code /v1/openai/deployments/<name>/chat/completions}. */
    static final String TOOL_CALL_ID = "call_e2e_weather_01";

    private static final String CHAT_PATHS = "/v1(/openai/deployments/[^/]+)?/chat/completions";

    /** The ways a stub can refuse a call, each with an OpenAI-shaped error body. */
    enum Failure {
        RATE_LIMITED(429, "error-rate-limited.json"),
        OVERLOADED(503, "error-overloaded.json"),
        BAD_REQUEST(400, "error-bad-request.json");

        final int status;
        final String body;

        Failure(int status, String fixture) {
            this.status = status;
            this.body = fixture(fixture);
        }
    }

    private static final int FAILURE_PRIORITY = 1;
    private static final int TOOL_RESULT_STREAM_PRIORITY = 2;
    /** Also the tool-result answer's: a request matches one of the two only, as it streams or not. */
    private static final int TOOLS_STREAM_PRIORITY = 3;
    private static final int TOOL_RESULT_PRIORITY = 3;
    private static final int TOOLS_PRIORITY = 4;
    private static final int STREAM_PRIORITY = 5;
    private static final int ANSWER_PRIORITY = 6;
    private static final Duration STREAM_SPREAD = Duration.ofMillis(150);

    private final String name;
    private final WireMockServer server;

    private StubProvider(String name, WireMockServer server) {
        this.name = name;
        this.server = server;
    }

    /** A stub that answers every chat call, blocking or streaming, with its own greeting. */
    static StubProvider answering(String name) {
        StubProvider stub = new StubProvider(name, LoopbackWireMock.start());
        stub.answerChats();
        return stub;
    }

    /** As {@link #answering}, also over HTTP/2 in clear text with prior knowledge, as a client set to HTTP/2 asks. */
    static StubProvider answeringAlsoOverH2c(String name) {
        StubProvider stub = new StubProvider(name, LoopbackWireMock.startAlsoSpeakingH2c());
        stub.answerChats();
        return stub;
    }

    String name() {
        return name;
    }

    /** The base URL an SDK is given, version path included. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.port() + "/v1";
    }

    /** What a blocking call answered by this stub reads. */
    String content() {
        return String.join("", chunks());
    }

    /** The content deltas of this stub's stream, in order. */
    List<String> chunks() {
        return List.of("Hello", " from", " " + name);
    }

    /** From now on every chat call fails. */
    StubProvider failing(Failure failure) {
        server.stubFor(chatCall().atPriority(FAILURE_PRIORITY).willReturn(failureResponse(failure)));
        return this;
    }

    /** From now on every chat call is rate limited, with a {@code Retry-After} in whole seconds. */
    StubProvider rateLimited(Duration retryAfter) {
        server.stubFor(chatCall().atPriority(FAILURE_PRIORITY).willReturn(
                failureResponse(Failure.RATE_LIMITED).withHeader("Retry-After", String.valueOf(retryAfter.toSeconds()))));
        return this;
    }

    /** From now on every chat call is answered only after {@code delay}: its response head too. */
    StubProvider answeringAfter(Duration delay) {
        server.stubFor(chatCall().atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withFixedDelay((int) delay.toMillis())
                .withBody(fixture("chat-completion.json").replace("%NAME%", name).replace("%CONTENT%", content()))));
        return this;
    }

    /**
     * From now on a chat call whose credential {@code authorised} refuses is answered 403, as a
     * cloud answers a bad signature or an expired token; the others are answered as before.
     */
    StubProvider refusing(Predicate<Request> authorised) {
        server.stubFor(chatCall().atPriority(FAILURE_PRIORITY)
                .andMatching(request -> MatchResult.of(!authorised.test(request)))
                .willReturn(aResponse().withStatus(403).withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"The request signature we calculated does not match the signature you provided.\"}")));
        return this;
    }

    /** The next {@code failures} chat calls fail; every later one is answered. */
    StubProvider failingThenRecovering(int failures, Failure failure) {
        String scenario = name + "-recovery";
        for (int i = 0; i < failures; i++) {
            String state = i == 0 ? Scenario.STARTED : "failed-" + i;
            String next = i + 1 == failures ? "recovered" : "failed-" + (i + 1);
            server.stubFor(chatCall().atPriority(FAILURE_PRIORITY)
                    .inScenario(scenario).whenScenarioStateIs(state).willSetStateTo(next)
                    .willReturn(failureResponse(failure)));
        }
        return this;
    }

    /** Every chat request this stub received, in arrival order. */
    List<LoggedRequest> chatRequests() {
        return server.findAll(postRequestedFor(urlPathMatching(CHAT_PATHS)));
    }

    /** Every request received, on any path and with any method. */
    List<LoggedRequest> allRequests() {
        return server.findAll(RequestPatternBuilder.allRequests());
    }

    @Override
    public void close() {
        server.stop();
    }

    String weatherReport() {
        return "Sunny in Paris, says " + name + ".";
    }

    private void answerChats() {
        answerToolRoundTrip();
        server.stubFor(chatCall().atPriority(ANSWER_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody(fixture("chat-completion.json").replace("%NAME%", name).replace("%CONTENT%", content()))));
        server.stubFor(chatCall().atPriority(STREAM_PRIORITY)
                .withRequestBody(matchingJsonPath("$.stream", equalTo("true")))
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "text/event-stream")
                        .withHeader("Cache-Control", "no-cache")
                        .withBody(eventStream())
                        .withChunkedDribbleDelay(chunks().size() + 2, (int) STREAM_SPREAD.toMillis())));
    }

    private String eventStream() {
        List<String> deltas = chunks().stream().map(piece -> "{\"content\":\"" + piece + "\"}").toList();
        return eventStream(deltas, "stop");
    }

    /** Deltas, the first with the assistant's role, then a last chunk with the finish reason, then {@code [DONE]}. */
    private String eventStream(List<String> deltas, String finish) {
        String chunk = fixture("chat-completion-chunk.json").replace("%NAME%", name);
        StringBuilder stream = new StringBuilder();
        for (int i = 0; i < deltas.size(); i++) {
            String delta = i == 0 ? deltas.get(i).replaceFirst("^\\{", "{\"role\":\"assistant\",") : deltas.get(i);
            stream.append(event(chunk.replace("%DELTA%", delta).replace("%FINISH%", "null")));
        }
        stream.append(event(chunk.replace("%DELTA%", "{}").replace("%FINISH%", "\"" + finish + "\"")));
        return stream.append(event("[DONE]")).toString();
    }

    private void answerToolRoundTrip() {
        Supplier<MappingBuilder> toolResult = () -> chatCall().withRequestBody(matchingJsonPath("$.messages[?(@.role == 'tool')]"));
        String report = fixture("chat-completion.json").replace("%NAME%", name).replace("%CONTENT%", weatherReport());
        answer(toolResult, TOOL_RESULT_STREAM_PRIORITY, TOOL_RESULT_PRIORITY, report,
                eventStream(List.of("{\"content\":\"" + weatherReport() + "\"}"), "stop"));
        String toolCall = "{\"id\":\"" + TOOL_CALL_ID + "\",\"type\":\"function\",\"function\":{\"name\":\""
                + AnthropicStub.TOOL_NAME + "\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}";
        String calling = fixture("chat-completion.json").replace("%NAME%", name)
                .replace("\"content\": \"%CONTENT%\"", "\"content\": null, \"tool_calls\": [" + toolCall + "]")
                .replace("\"finish_reason\": \"stop\"", "\"finish_reason\": \"tool_calls\"");
        String start = "{\"tool_calls\":[{\"index\":0,\"id\":\"" + TOOL_CALL_ID + "\",\"type\":\"function\",\"function\":{\"name\":\""
                + AnthropicStub.TOOL_NAME + "\",\"arguments\":\"\"}}]}";
        List<String> deltas = List.of(start, argumentsDelta("{\\\"city\\\": "), argumentsDelta("\\\"Paris\\\"}"));
        answer(() -> chatCall().withRequestBody(matchingJsonPath("$.tools")), TOOLS_STREAM_PRIORITY, TOOLS_PRIORITY, calling,
                eventStream(deltas, "tool_calls"));
    }

    private static String argumentsDelta(String fragment) {
        return "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + fragment + "\"}}]}";
    }

    /** Matching calls get {@code stream} when they ask for a stream, else {@code blocking}. */
    private void answer(Supplier<MappingBuilder> match, int streamPriority, int blockingPriority, String blocking, String stream) {
        server.stubFor(match.get().atPriority(streamPriority)
                .withRequestBody(matchingJsonPath("$.stream", equalTo("true")))
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "text/event-stream")
                        .withBody(stream)));
        server.stubFor(match.get().atPriority(blockingPriority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody(blocking)));
    }

    private static String event(String data) {
        return "data: " + data + "\n\n";
    }

    private static MappingBuilder chatCall() {
        return post(urlPathMatching(CHAT_PATHS));
    }

    private static ResponseDefinitionBuilder failureResponse(Failure failure) {
        return aResponse()
                .withStatus(failure.status)
                .withHeader("Content-Type", "application/json")
                .withBody(failure.body);
    }

    static String fixture(String name) {
        try (InputStream in = StubProvider.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test fixture /fixtures/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
