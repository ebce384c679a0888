package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.QuotaChains.rpm;
import static io.llmfailover.runtime.walk.QuotaChains.tpm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code provider.<name>.rpm} and {@code .tpm}, per key: a call that would overrun a key's quota
 * goes to the next key, then the next step, and is never sent to the key it would overrun.
 */
class QuotaTest {

    @Test
    void aCallOverItsKeysRpmGoesToTheNextKeyThenTheNextStepWithoutBeingSent() throws Exception {
        Chains chains = QuotaChains.with(Map.of("backup", rpm(1)), "backup", "third");
        ScriptedTransport transport = new ScriptedTransport().on(BACKUP, ok(ANSWER)).on(THIRD, ok(ANSWER));

        for (int i = 0; i < 3; i++) {
            chains.gateway.execute(chat(10, "hi"), transport).close();
        }

        assertEquals(List.of("Bearer backup-key-0", "Bearer backup-key-1"), keysSentTo(transport, BACKUP));
        assertEquals(1, transport.sentTo(THIRD), "both keys spent their minute's one request");
        assertEquals(3, transport.sent.size(), "nothing was sent to an over-quota key");

        chains.clock.advance(Duration.ofMinutes(1));
        chains.gateway.execute(chat(10, "hi"), transport).close();
        assertEquals(3, transport.sentTo(BACKUP), "a minute later the quota is back");
    }

    @Test
    void whenEveryStepIsOverQuotaTheAppGetsA429WithoutAnythingSent() throws Exception {
        Chains chains = QuotaChains.with(Map.of("backup", rpm(1)), "backup");
        ScriptedTransport transport = new ScriptedTransport().on(BACKUP, ok(ANSWER));
        chains.gateway.execute(chat(10, "hi"), transport).close();
        chains.gateway.execute(chat(10, "hi"), transport).close();

        LlmResponse refused = chains.gateway.execute(chat(10, "hi"), transport);

        assertEquals(429, refused.status());
        assertEquals("60", refused.headers().first("retry-after").orElse(null), "a key's request is back in 60 s");
        assertEquals(2, transport.sent.size());
    }

    @Test
    void aPromptBiggerThanTheTokensPerMinuteIsNeverSentToThatProvider() throws Exception {
        Chains chains = QuotaChains.with(Map.of("backup", tpm(1000)), "backup", "third");
        ScriptedTransport transport = new ScriptedTransport().on(BACKUP, ok(ANSWER)).on(THIRD, ok(ANSWER));

        chains.gateway.execute(chat(10, "x".repeat(4000)), transport).close();
        assertEquals(0, transport.sentTo(BACKUP), "1000 input tokens plus 10 out is over 1000");
        assertEquals(1, transport.sentTo(THIRD));

        chains.gateway.execute(chat(10, "x".repeat(400)), transport).close();
        assertEquals(1, transport.sentTo(BACKUP), "a small prompt fits");
    }

    @Test
    void theAnswersUsageRefundsWhatWasEstimatedTooHigh() throws Exception {
        Chains chains = QuotaChains.with(Map.of("third", tpm(1000)), "third", "backup");
        ScriptedTransport transport = new ScriptedTransport().on(THIRD, ok(answerUsing(10, 10))).on(BACKUP, ok(ANSWER));

        for (int i = 0; i < 5; i++) {
            drainAndClose(chains.gateway.execute(chat(400, "hi"), transport));
        }

        assertEquals(5, transport.sentTo(THIRD), "estimated 402 each, but each used 20: five fit in 1000");
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void aStreamedAnswersUsageCorrectsTheChargeToo() throws Exception {
        Chains chains = QuotaChains.with(Map.of("third", tpm(1000)), "third", "backup");
        String stream = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n"
                + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":10}}\n\n"
                + "data: [DONE]\n\n";
        ScriptedTransport transport = new ScriptedTransport().on(THIRD, sse(stream)).on(BACKUP, ok(ANSWER));

        for (int i = 0; i < 5; i++) {
            drainAndClose(chains.gateway.execute(streamedChat(400), transport));
        }

        assertEquals(5, transport.sentTo(THIRD), "estimated 402 each, but each used 20 as the stream's last event says");
    }

    @Test
    void theAnswersUsageChargesWhatWasEstimatedTooLow() throws Exception {
        Chains chains = QuotaChains.with(Map.of("third", tpm(1000)), "third", "backup");
        ScriptedTransport transport = new ScriptedTransport().on(THIRD, ok(answerUsing(100, 800))).on(BACKUP, ok(ANSWER));

        drainAndClose(chains.gateway.execute(chat(200, "hi"), transport));
        drainAndClose(chains.gateway.execute(chat(200, "hi"), transport));

        assertEquals(1, transport.sentTo(THIRD), "the first call used 900 of 1000, not the 202 estimated");
        assertEquals(1, transport.sentTo(BACKUP));
    }

    @Test
    void withoutTokenQuotasTheAppsOwnAnswerIsHandedBackUntouched() throws Exception {
        Chains chains = QuotaChains.with(Map.of("primary", rpm(100)), "primary");
        ScriptedTransport transport = new ScriptedTransport().on(PRIMARY, ok(ANSWER));

        var answer = chains.gateway.execute(Chains.chat(), transport);

        assertTrue(answer.ownBodyUntouched(), "only token quotas read the answer's usage");
    }

    /** Announced limits without a total: {@code remaining} requests are spread over the time to the reset. */
    @Test
    void pacingSpreadsWhatRemainsOverTheTimeToTheReset() throws Exception {
        Chains chains = QuotaChains.with(Map.of(), "third", "backup");
        FixedWindow window = new FixedWindow(chains, 5, Duration.ofSeconds(40));
        ScriptedTransport transport = new ScriptedTransport().on(THIRD, window::answer).on(BACKUP, ok(ANSWER));
        List<Long> secondsSentToThird = new ArrayList<>();

        for (int second = 0; second < 40; second++) {
            long before = transport.sentTo(THIRD);
            chains.gateway.execute(chat(10, "hi"), transport).close();
            if (transport.sentTo(THIRD) > before) {
                secondsSentToThird.add((long) second);
            }
            chains.clock.advance(Duration.ofSeconds(1));
        }

        System.out.println("pacing: calls to a key with 5 requests per 40 s window went at seconds " + secondsSentToThird);
        assertEquals(0, window.refused, "never over the announced limit");
        assertEquals(4, secondsSentToThird.size(), "one, then the four that remained, spread to the reset");
        for (int i = 1; i < secondsSentToThird.size(); i++) {
            assertTrue(secondsSentToThird.get(i) - secondsSentToThird.get(i - 1) >= 9, secondsSentToThird.toString());
        }
    }

    /** A provider allowing {@code budget} requests per fixed window, saying so on each success, without a total. */
    private static final class FixedWindow {
        private final Chains chains;
        private final int budget;
        private final Duration length;
        private int used;
        int refused;

        FixedWindow(Chains chains, int budget, Duration length) {
            this.chains = chains;
            this.budget = budget;
            this.length = length;
        }

        LlmResponse answer(LlmRequest request) throws java.io.IOException {
            if (used == budget) {
                refused++;
                return status(429, "{\"error\":{\"code\":\"rate_limit_exceeded\"}}").answer(request);
            }
            used++;
            long millisLeft = length.toMillis() - chains.clock.nanoTime() / 1_000_000 % length.toMillis();
            return status(200, ANSWER, "content-type", "application/json",
                    "x-ratelimit-remaining-requests", Integer.toString(budget - used),
                    "x-ratelimit-reset-requests", millisLeft + "ms").answer(request);
        }
    }

    static LlmRequest chat(int maxTokens, String content) {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app-secret")
                .add("Content-Type", "application/json")
                .build();
        String body = "{\"model\":\"gpt-4o\",\"max_tokens\":" + maxTokens + ",\"messages\":[{\"role\":\"user\",\"content\":\""
                + content + "\"}]}";
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers,
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static LlmRequest streamedChat(int maxTokens) {
        LlmRequest chat = chat(maxTokens, "hi");
        String body = new String(chat.body(), StandardCharsets.UTF_8).replace("{\"model\"", "{\"stream\":true,\"model\"");
        return new LlmRequest(chat.method(), chat.uri(), chat.headers(), body.getBytes(StandardCharsets.UTF_8));
    }

    private static String answerUsing(int promptTokens, int completionTokens) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
                + promptTokens + ",\"completion_tokens\":" + completionTokens + "}}";
    }

    private static void drainAndClose(LlmResponse answer) {
        drain(answer.body());
        answer.close();
    }

    private static List<String> keysSentTo(ScriptedTransport transport, String authority) {
        return transport.sent.stream()
                .filter(request -> request.uri().getAuthority().equals(authority))
                .map(request -> request.headers().first("authorization").orElse(null))
                .toList();
    }
}
