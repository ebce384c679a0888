package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code provider.<name>.context-window}: a step too small for the request (its estimated input
 * plus the output it asks for) is skipped rather than sent to fail with a 400, and a 400 that says
 * the context overflowed moves the call on to a larger window; any other 400 is the caller's, as ever.
 */
class ContextWindowTest {

    private static final String OVERFLOW = "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens.\","
            + "\"type\":\"invalid_request_error\",\"code\":\"context_length_exceeded\"}}";
    private static final String INVALID = "{\"error\":{\"message\":\"temperature: too high\",\"type\":\"invalid_request_error\","
            + "\"code\":\"invalid_value\"}}";
    private static final String OVERLOADED = "{\"error\":{\"type\":\"server_error\"}}";

    @Test
    void aStepWhoseWindowIsSmallerThanTheRequestIsSkippedWithoutSending() throws Exception {
        // The request asks for no max_tokens: translation.default-max-tokens (4096) is its output, over 1000.
        Chains chains = QuotaChains.with(Map.of("backup", window(1000)), "primary", "backup", "third");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(503, OVERLOADED))
                .on(BACKUP, ok(ANSWER))
                .on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(0, transport.sentTo(BACKUP), "nothing is sent to a window the request cannot fit");
        assertEquals(1, transport.sentTo(THIRD), "a provider whose window is not configured is tried");
    }

    @Test
    void aContextOverflowMovesTheCallToALargerWindowOnly() throws Exception {
        Chains chains = QuotaChains.with(Map.of("primary", window(8192), "backup", window(8000), "third", window(128_000)),
                "primary", "backup", "third");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(400, OVERFLOW))
                .on(BACKUP, ok(ANSWER))
                .on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(0, transport.sentTo(BACKUP), "a window no larger than the one that overflowed is skipped");
        assertEquals(1, transport.sentTo(THIRD));
    }

    @Test
    void aContextOverflowWithNoLargerWindowLeftGivesTheAppItsOwn400() throws Exception {
        Chains chains = QuotaChains.with(Map.of("primary", window(8192), "backup", window(8192)), "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(400, OVERFLOW))
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(400, answer.status());
        assertEquals(OVERFLOW, new String(answer.body().readAllBytes()));
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void anyOther400IsStillTheCallersAndNeverFailedOver() throws Exception {
        Chains chains = QuotaChains.with(Map.of("third", window(128_000)), "primary", "backup", "third");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(400, INVALID))
                .on(BACKUP, ok(ANSWER))
                .on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(400, answer.status());
        assertEquals(INVALID, new String(answer.body().readAllBytes()));
        assertEquals(0, transport.sentTo(BACKUP) + transport.sentTo(THIRD));
    }

    private static ProviderLimits window(int tokens) {
        return new ProviderLimits(0, 0, tokens);
    }
}
