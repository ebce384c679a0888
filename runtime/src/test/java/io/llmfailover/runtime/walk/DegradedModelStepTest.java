package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chain steps that name a model ({@code primary/gpt-4o-mini}): a route degrades to a smaller model
 * of the same provider before it leaves that provider, and the smaller model keeps throttles and a
 * breaker of its own.
 */
class DegradedModelStepTest {

    private static final String RATE_LIMITED = "{\"error\":{\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}";

    private final Chains chains = new Chains("primary", "primary/gpt-4o-mini", "backup");

    @Test
    void aRateLimitedModelDegradesToTheSmallerModelOfTheSameProviderWithTheAppsOwnCredential() throws Exception {
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, RATE_LIMITED, "retry-after", "30"), ok(ANSWER))
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(List.of("gpt-4o", "gpt-4o-mini"), modelsSentTo(transport, PRIMARY));
        assertEquals(0, transport.sentTo(BACKUP));
        LlmRequest degraded = transport.sent.get(1);
        assertEquals("Bearer sk-app-secret", degraded.headers().first("authorization").orElse(null),
                "the app's credential goes to the provider it addressed, whatever the model");
    }

    @Test
    void whileTheBigModelIsSilencedTheSmallerOneServesWithoutAnAttemptOnTheBigOne() throws Exception {
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, RATE_LIMITED, "retry-after", "30"), ok(ANSWER))
                .on(BACKUP, ok(ANSWER));
        chains.gateway.execute(chat(), transport).close();

        for (int i = 0; i < 3; i++) {
            chains.gateway.execute(chat(), transport).close();
        }

        assertEquals(List.of("gpt-4o", "gpt-4o-mini", "gpt-4o-mini", "gpt-4o-mini", "gpt-4o-mini"),
                modelsSentTo(transport, PRIMARY), "the big model's silence is not the small model's");
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void whenTheSmallerModelFailsTooTheCallLeavesTheProvider() throws Exception {
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(503, "{\"error\":{\"type\":\"server_error\"}}"))
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(List.of("gpt-4o", "gpt-4o-mini"), modelsSentTo(transport, PRIMARY));
        assertEquals(1, transport.sentTo(BACKUP));
    }

    @Test
    void eachModelHasABreakerOfItsOwn() throws Exception {
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, request -> bodyOf(request).contains("\"gpt-4o-mini\"")
                        ? ok(ANSWER).answer(request)
                        : status(503, "{\"error\":{\"type\":\"server_error\"}}").answer(request))
                .on(BACKUP, ok(ANSWER));

        for (int i = 0; i < 5; i++) {
            chains.gateway.execute(chat(), transport).close();
        }

        List<String> models = modelsSentTo(transport, PRIMARY);
        assertEquals(3, models.stream().filter("gpt-4o"::equals).count(), "three failures open the big model's breaker");
        assertEquals(5, models.stream().filter("gpt-4o-mini"::equals).count(), "the small model's stays closed");
        assertEquals(0, transport.sentTo(BACKUP));
    }

    private static List<String> modelsSentTo(ScriptedTransport transport, String authority) {
        return transport.sent.stream()
                .filter(request -> request.uri().getAuthority().equals(authority))
                .map(request -> bodyOf(request).replaceFirst("(?s).*\"model\"\\s*:\\s*\"([^\"]+)\".*", "$1"))
                .toList();
    }

    private static String bodyOf(LlmRequest request) {
        String body = new String(request.body(), StandardCharsets.UTF_8);
        assertTrue(body.contains("\"model\""), body);
        return body;
    }
}
