package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.refuse;
import static io.llmfailover.runtime.testing.ScriptedTransport.response;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.protocol.JsonModelField;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewayFailoverTest {

    private static final String PRIMARY = "127.0.0.1:9001";
    private static final String BACKUP = "127.0.0.1:9002";
    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String STREAM = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n";
    private static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}";

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final ScriptedTransport transport = new ScriptedTransport();
    private final Gateway gateway = Gateway.builder(config()).clock(clock).scheduler(scheduler).build();

    @Test
    void healthyPrimaryIsHandedToTheAppUntouched() throws IOException {
        BufferedResponse primaryAnswer = response(200, ANSWER);
        transport.on(PRIMARY, request -> primaryAnswer);

        Answer answer = gateway.execute(chatRequest(), transport);

        assertTrue(answer.isOwn());
        assertTrue(answer.ownBodyUntouched());
        assertSame(primaryAnswer, answer.ownResponse());
        assertTrue(transport.attempts.get(0).original());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void rateLimitedPrimaryIsServedByTheFallbackAndSilencedForRetryAfter() throws IOException {
        transport.on(PRIMARY, status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after", "2"), ok(ANSWER));
        transport.on(BACKUP, ok(ANSWER));

        LlmResponse first = gateway.execute(chatRequest(), transport);
        LlmResponse second = gateway.execute(chatRequest(), transport);

        assertEquals(200, first.status());
        assertEquals(Optional.of("backup"), first.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(Optional.of("backup-model"), first.headers().first(FailoverHeaders.MODEL));
        assertEquals(Optional.of("backup"), second.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(1, transport.sentTo(PRIMARY), "silenced primary is skipped without a request");

        clock.advance(Duration.ofSeconds(2));
        LlmResponse third = gateway.execute(chatRequest(), transport);

        assertEquals(2, transport.sentTo(PRIMARY));
        assertFalse(third.headers().contains(FailoverHeaders.PROVIDER));
    }

    @Test
    void fallbackIsAskedForItsMappedModel() throws IOException {
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BACKUP, ok(ANSWER));

        gateway.execute(chatRequest(), transport);

        LlmRequest toBackup = transport.sent.get(1);
        assertEquals("backup-model", JsonModelField.read(toBackup.body()).model());
        assertEquals(URI.create("http://127.0.0.1:9002/v1/chat/completions"), toBackup.uri());
    }

    @Test
    void serverErrorStormOpensTheBreakerAndAProbeClosesIt() throws IOException {
        transport.on(PRIMARY, status(503, "{}"), status(503, "{}"), status(503, "{}"), ok(ANSWER));
        transport.on(BACKUP, ok(ANSWER));

        for (int call = 0; call < 6; call++) {
            assertEquals(200, gateway.execute(chatRequest(), transport).status());
        }
        assertEquals(3, transport.sentTo(PRIMARY), "an open breaker skips the primary without a request");

        clock.advance(Duration.ofSeconds(5));
        LlmResponse probe = gateway.execute(chatRequest(), transport);
        LlmResponse afterwards = gateway.execute(chatRequest(), transport);

        assertFalse(probe.headers().contains(FailoverHeaders.PROVIDER), "the probe is served by the primary");
        assertFalse(afterwards.headers().contains(FailoverHeaders.PROVIDER), "the breaker closed again");
        assertEquals(5, transport.sentTo(PRIMARY));
    }

    @Test
    void connectFailureIsServedByTheFallback() throws IOException {
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, ok(ANSWER));

        LlmResponse answer = gateway.execute(chatRequest(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
    }

    @Test
    void callersErrorIsReturnedAsItIsAndNeverFailedOver() throws IOException {
        BufferedResponse badRequest = response(400, "{\"error\":{\"message\":\"bad\"}}");
        transport.on(PRIMARY, request -> badRequest);
        transport.on(BACKUP, ok(ANSWER));

        Answer answer = gateway.execute(chatRequest(), transport);

        assertSame(badRequest, answer.ownResponse());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void theAppsKeyNeverReachesTheFallbackWhichGetsItsOwn() throws IOException {
        transport.on(PRIMARY, status(429, "{}"));
        transport.on(BACKUP, ok(ANSWER));

        gateway.execute(chatRequest(), transport);

        LlmRequest toPrimary = transport.sent.get(0);
        LlmRequest toBackup = transport.sent.get(1);
        assertEquals(Optional.of("Bearer sk-app-secret"), toPrimary.headers().first("Authorization"));
        assertEquals(List.of("Bearer backup-key"), toBackup.headers().all("authorization"));
        assertFalse(toBackup.headers().contains("openai-organization"));
    }

    @Test
    void failedEverywhereGivesTheAddressedProvidersOwnError() throws IOException {
        transport.on(PRIMARY, status(503, "{\"error\":{\"message\":\"primary down\"}}"));
        transport.on(BACKUP, status(502, "{\"error\":{\"message\":\"backup down\"}}"));

        LlmResponse answer = gateway.execute(chatRequest(), transport);

        assertEquals(503, answer.status());
        assertArrayEquals("{\"error\":{\"message\":\"primary down\"}}".getBytes(StandardCharsets.UTF_8),
                answer.body().readAllBytes());
    }

    @Test
    void nothingAnsweringAnywhereThrowsTheOriginalException() {
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, refuse());

        ConnectException thrown = assertThrows(ConnectException.class, () -> gateway.execute(chatRequest(), transport));
        assertEquals("Connection refused", thrown.getMessage());
    }

    @Test
    void everyProviderSilencedGives429WithTheEarliestRetryAfter() throws IOException {
        transport.on(PRIMARY, status(429, "{}", "retry-after", "30"));
        transport.on(BACKUP, status(429, "{}", "retry-after", "7"));
        gateway.execute(chatRequest(), transport);

        LlmResponse refusal = gateway.execute(chatRequest(), transport);

        assertEquals(429, refusal.status());
        assertEquals(Optional.of("7"), refusal.headers().first("retry-after"));
        assertEquals(2, transport.sent.size(), "the refusal touched no network");
    }

    @Test
    void everyBreakerOpenGives503() throws IOException {
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, refuse());
        for (int call = 0; call < 3; call++) {
            assertThrows(ConnectException.class, () -> gateway.execute(chatRequest(), transport));
        }

        LlmResponse refusal = gateway.execute(chatRequest(), transport);

        assertEquals(503, refusal.status());
        assertEquals(Optional.of("5"), refusal.headers().first("retry-after"));
    }

    @Test
    void exhaustedQuotaTakesTheKeyOutOfRotation() throws IOException {
        transport.on(PRIMARY, status(429, "{\"error\":{\"code\":\"insufficient_quota\"}}"));
        transport.on(BACKUP, ok(ANSWER));
        gateway.execute(chatRequest(), transport);

        clock.advance(Duration.ofSeconds(60));
        gateway.execute(chatRequest(), transport);

        assertEquals(1, transport.sentTo(PRIMARY), "an exhausted key stays out for throttle.max-silence, not a passing second");
    }

    @Test
    void requestsOtherThanGenerationPassThroughOnce() throws IOException {
        BufferedResponse models = response(200, "{\"data\":[]}");
        transport.on(PRIMARY, request -> models);

        LlmRequest list = new LlmRequest("GET", URI.create("http://" + PRIMARY + "/v1/models"), HttpHeaders.EMPTY, null);

        assertSame(models, gateway.execute(list, transport).ownResponse());
        assertEquals(1, transport.sent.size());
    }

    @Test
    void aStreamingPrimaryThatOnlySendsKeepAlivesFailsOverAtTheFirstContentDeadline() throws IOException {
        transport.on(PRIMARY, request -> new StallingResponse(": keep-alive\n\n: keep-alive\n\n", scheduler,
                Duration.ofSeconds(3)));
        transport.on(BACKUP, sse(STREAM));

        LlmResponse answer = gateway.execute(streamingChatRequest(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(STREAM, new String(answer.body().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theFirstContentDeadlineCountsFromWhenTheClientWritesTheRequestNotWhileItSetsItselfUp() throws IOException {
        Transport settingUpOnItsFirstRequest = attempt -> {
            if (!attempt.request().uri().getAuthority().equals(PRIMARY)) {
                return transport.send(attempt);
            }
            clock.advance(Duration.ofMillis(1500)); // a reactive client's first connection: its pool, resolver, classes
            attempt.written().report();
            return StallingResponse.firstBytesAfter(Duration.ofSeconds(1), STREAM, scheduler); // 1 s of the 2 s deadline
        };
        transport.on(BACKUP, sse(STREAM));

        LlmResponse answer = gateway.execute(streamingChatRequest(), settingUpOnItsFirstRequest);

        assertEquals(Optional.empty(), answer.headers().first(FailoverHeaders.PROVIDER),
                "the primary's first event came 1 s after the request was written, within timeout.first-byte");
        assertEquals(STREAM, new String(answer.body().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void aTransportThatNeverReportsTheWriteKeepsTheFirstContentDeadlineFromTheHandOff() throws IOException {
        Transport settingUpOnItsFirstRequest = attempt -> {
            if (!attempt.request().uri().getAuthority().equals(PRIMARY)) {
                return transport.send(attempt);
            }
            clock.advance(Duration.ofMillis(1500));
            return StallingResponse.firstBytesAfter(Duration.ofSeconds(1), STREAM, scheduler);
        };
        transport.on(BACKUP, sse(STREAM));

        LlmResponse answer = gateway.execute(streamingChatRequest(), settingUpOnItsFirstRequest);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
    }

    @Test
    void keepAlivesBeforeTheFirstEventReachTheAppFromAPrimaryThatThenAnswers() throws IOException {
        transport.on(PRIMARY, sse(": keep-alive\n\n" + STREAM));

        LlmResponse answer = gateway.execute(streamingChatRequest(), transport);

        assertEquals(": keep-alive\n\n" + STREAM, new String(answer.body().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void aCommittedStreamThatBreaksEndsWithAnErrorEventAndIsNotReplayed() throws IOException {
        String firstEvent = "data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n";
        transport.on(PRIMARY, brokenStream(firstEvent + "data: {\"choi"));
        transport.on(BACKUP, sse(STREAM));

        String delivered = drain(gateway.execute(streamingChatRequest(), transport).body()).text();

        assertTrue(delivered.startsWith(firstEvent + "data: {\"error\":"), delivered);
        assertEquals(0, transport.sentTo(BACKUP), "once a byte reached the app the call is committed");
    }

    private static LlmRequest streamingChatRequest() {
        LlmRequest request = chatRequest();
        return request.withBody(CHAT.replace("{\"model\"", "{\"stream\":true,\"model\"").getBytes(StandardCharsets.UTF_8));
    }

    private static LlmRequest chatRequest() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app-secret")
                .add("OpenAI-Organization", "org-app")
                .add("Content-Type", "application/json")
                .build();
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers,
                CHAT.getBytes(StandardCharsets.UTF_8));
    }

    private static FailoverConfig config() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("primary", new Provider("primary", URI.create("http://" + PRIMARY + "/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("backup", new Provider("backup", URI.create("http://" + BACKUP + "/v1"), Protocol.OPENAI,
                List.of("backup-key"), Map.of("*", "backup-model")));
        return new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("main", "primary", null, List.of("primary", "backup"))),
                new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 1),
                ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());
    }
}
