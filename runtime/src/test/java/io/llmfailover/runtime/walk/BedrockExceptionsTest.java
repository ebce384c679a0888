package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BEDROCK;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.translate.bedrock.BedrockExceptions;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Bedrock tells its errors apart by exception name, not status: a service quota comes as 400, a
 * throttle may come as the first event of a stream that opened with 200. Each is judged by its
 * name, as the status of its family would be.
 */
class BedrockExceptionsTest {

    private static final String STREAM_ANSWER = "data: {\"id\":\"chatcmpl-3\",\"object\":\"chat.completion.chunk\","
            + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"from third\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";

    private final ScriptedTransport transport = new ScriptedTransport();

    @ParameterizedTest(name = "{1} {0}")
    @CsvSource({
        "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/, 429, third",
        "ServiceQuotaExceededException, 400, third",
        "ModelNotReadyException, 429, third",
        "ServiceUnavailableException, 503, third",
        "InternalServerException, 500, third",
        "ModelTimeoutException, 408, third",
        "ModelErrorException, 424, third",
        "ValidationException, 400, bedrock"})
    void anErrorHeadIsJudgedByTheExceptionItNames(String errorType, int status, String answeredBy) throws IOException {
        Chains chains = new Chains("primary", "bedrock", "third");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BEDROCK, status(status, "{\"message\":\"from Bedrock\"}", "x-amzn-ErrorType", errorType,
                "content-type", "application/json"));
        transport.on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of(answeredBy), answer.headers().first(FailoverHeaders.PROVIDER));
        if (answeredBy.equals("bedrock")) {
            assertEquals(400, answer.status(), "the caller's own error, in its protocol");
            assertTrue(new String(answer.body().readAllBytes()).contains("from Bedrock"));
            assertEquals(0, transport.sentTo(THIRD));
        }
    }

    /** What {@code nameIn} reads of a body: the top-level {@code __type} only, as the JSON says it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"__type\":\"com.amazon.bedrock#ThrottlingException\",\"message\":\"slow down\"} | ThrottlingException",
        "{ \"message\" : \"x\" , \"__type\" : \"ThrottlingException:http://internal.amazon.com/\" } | ThrottlingException",
        "{\"__type\":\"ValidationException\",\"__type\":\"ThrottlingException\"} | ThrottlingException",
        "{\"__t\\u0079pe\":\"ModelTimeoutException\"} | ModelTimeoutException",
        "{\"error\":{\"__type\":\"ThrottlingException\"}} | ",
        "{\"__type\":42} | ",
        "{\"error\":{\"type\":\"rate_limit_error\"}} | ",
        "[{\"__type\":\"ThrottlingException\"}] | ",
        "<html>Too Many Requests</html> | ",
        "{\"__type\" | "})
    void anErrorBodyNamesItsExceptionInItsTopLevelType(String body, String name) {
        assertEquals(name, BedrockExceptions.nameIn(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void anExceptionNamedOnlyInTheBodyCountsToo() throws IOException {
        Chains chains = new Chains("primary", "bedrock", "third");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BEDROCK, status(400, "{\"__type\":\"com.amazon.bedrock#ServiceQuotaExceededException\",\"message\":\"quota\"}"));
        transport.on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of("third"), answer.headers().first(FailoverHeaders.PROVIDER));
    }

    @Test
    void aStreamWhoseFirstEventIsAThrottleFailsOverBeforeTheAppSeesAnything() throws IOException {
        Chains chains = new Chains("primary", "bedrock", "third");
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(BEDROCK, eventStream(EventStreamMessage.exception("throttlingException",
                "{\"message\":\"Too many tokens, please wait before trying again.\"}")));
        transport.on(THIRD, sse(STREAM_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(Optional.of("third"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(STREAM_ANSWER, drain(answer.body()).text());
        assertEquals(1, transport.sentTo(BEDROCK));
    }

    @Test
    void aStreamWhoseFirstEventIsTheCallersErrorIsNotFailedOver() throws IOException {
        Chains chains = new Chains("primary", "bedrock", "third");
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(BEDROCK, eventStream(EventStreamMessage.exception("validationException", "{\"message\":\"bad input\"}")));
        transport.on(THIRD, sse(STREAM_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(Optional.of("bedrock"), answer.headers().first(FailoverHeaders.PROVIDER));
        String text = drain(answer.body()).text();
        assertTrue(text.contains("\"error\"") && text.contains("bad input"), text);
        assertEquals(0, transport.sentTo(THIRD));
    }

    @Test
    void aThrottleAfterContentBeganReachesTheAppAsAnErrorEvent() throws IOException {
        Chains chains = new Chains("primary", "bedrock", "third");
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(BEDROCK, eventStream(
                EventStreamMessage.event("messageStart", "{\"role\":\"assistant\"}"),
                EventStreamMessage.event("contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Bonjour\"}}"),
                EventStreamMessage.exception("throttlingException", "{\"message\":\"slow down\"}")));
        transport.on(THIRD, sse(STREAM_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(Optional.of("bedrock"), answer.headers().first(FailoverHeaders.PROVIDER));
        String text = drain(answer.body()).text();
        assertTrue(text.contains("Bonjour") && text.contains("rate_limit_error") && text.contains("slow down"), text);
        assertEquals(0, transport.sentTo(THIRD), "content was committed: nothing is sent twice");
    }

    private static ScriptedTransport.Answer eventStream(EventStreamMessage... messages) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (EventStreamMessage message : messages) {
            EventStreamEncoder.write(message, body);
        }
        HttpHeaders headers = HttpHeaders.builder().add("content-type", "application/vnd.amazon.eventstream").build();
        return request -> new BufferedResponse(200, headers, body.toByteArray());
    }
}
