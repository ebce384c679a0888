package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.CLAUDE;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Anthropic may answer a stream with HTTP 200 and an {@code event: error} before any content (an
 * overload): judged as the error head it amounts to, it fails over before the app sees anything,
 * as a 529 head does. An error after content began is the committed stream's, as before.
 */
class AnthropicOpeningErrorTest {

    private static final String OVERLOADED = "event: error\n"
            + "data: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";
    private static final String MESSAGE_START = "event: message_start\n"
            + "data: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\","
            + "\"model\":\"claude-sonnet-4-5\",\"content\":[],\"usage\":{\"input_tokens\":3,\"output_tokens\":1}}}\n\n";
    private static final String STREAM_ANSWER = "data: {\"id\":\"chatcmpl-3\",\"object\":\"chat.completion.chunk\","
            + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"from third\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";

    private final ScriptedTransport transport = new ScriptedTransport();

    @Test
    void anOverloadAsTheFirstEventFailsOverLikeA529Head() throws IOException {
        Chains chains = new Chains("primary", "claude", "third");
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(CLAUDE, sse(": keep-alive\n\n" + OVERLOADED));
        transport.on(THIRD, sse(STREAM_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(Optional.of("third"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(STREAM_ANSWER, drain(answer.body()).text());
        assertEquals(1, transport.sentTo(CLAUDE));
    }

    @Test
    void withNothingLeftTheAppGetsThePrimarysOwnErrorNotAHalfOpenedStream() throws IOException {
        Chains chains = new Chains("primary", "claude");
        transport.on(PRIMARY, status(429, "{\"error\":{\"message\":\"primary limited\"}}"));
        transport.on(CLAUDE, sse(OVERLOADED));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(429, answer.status(), "the exhaustion answer: the addressed provider's own error");
        assertTrue(drain(answer.body()).text().contains("primary limited"));
        assertEquals(1, transport.sentTo(CLAUDE));
    }

    @Test
    void anErrorAfterTheFirstEventReachesTheAppAsItsStreamsError() throws IOException {
        Chains chains = new Chains("primary", "claude", "third");
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(CLAUDE, sse(MESSAGE_START + OVERLOADED));
        transport.on(THIRD, sse(STREAM_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(true), transport);

        assertEquals(Optional.of("claude"), answer.headers().first(FailoverHeaders.PROVIDER));
        String text = drain(answer.body()).text();
        assertTrue(text.contains("\"error\"") && text.contains("Overloaded"), text);
        assertEquals(0, transport.sentTo(THIRD), "content was committed: nothing is sent twice");
    }
}
