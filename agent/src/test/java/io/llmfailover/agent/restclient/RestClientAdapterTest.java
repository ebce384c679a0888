package io.llmfailover.agent.restclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.AgentFailure;
import io.llmfailover.runtime.http.BufferedResponse;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

class RestClientAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();
    private final ExecutorService agentThreads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        primary.close();
        fallback.close();
        agentThreads.shutdownNow();
    }

    @Test
    void callsTheRuntimeDoesNotGovernPassThroughUntouched() {
        FakeGovernor governor = FakeGovernor.governingNothing();

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void anUntouchedAttemptAnswersTheAppWithTheBodySpringBuffered() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals("{\"ok\":true}", response.getBody());
        assertEquals(PROMPT, new String(governor.executed().get(0).body(), StandardCharsets.UTF_8));
        assertEquals("Bearer app-key", governor.executed().get(0).headers().first("Authorization").orElseThrow());
        assertEquals(1, primary.received().size());
    }

    @Test
    void aFailedOverCallReplaysTheSameBodyToTheFallbackAndAnswersAsTheAddressedProvider() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, FIRST_BYTE);
            first.close();
            LlmResponse second = transport.send(request.withUri(fallback.uri("/v1/chat/completions"))
                    .withHeaders(request.headers().with("Authorization", "Bearer fallback-key")), FIRST_BYTE);
            return new HeaderAdded(second, "x-llm-failover-provider", "fallback");
        });

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals(200, response.getStatusCode().value());
        assertEquals("fallback", response.getHeaders().getFirst("x-llm-failover-provider"));
        assertEquals("{\"from\":\"fallback\"}", response.getBody());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
        assertEquals("Bearer fallback-key", fallback.received().get(0).header("Authorization"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
    }

    @Test
    void aResponseTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBody() {
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("Retry-After", "7").build();
        byte[] error = "{\"error\":{\"type\":\"rate_limit\"}}".getBytes(StandardCharsets.UTF_8);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(429, headers, error));

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .body(PROMPT).retrieve().onStatus(status -> true, (request, reply) -> { }).toEntity(String.class);

        assertEquals(429, response.getStatusCode().value());
        assertEquals("7", response.getHeaders().getFirst("Retry-After"));
        assertEquals(new String(error, StandardCharsets.UTF_8), response.getBody());
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void noHeadWithinTheFirstByteTimeoutAbandonsThatAttemptAndTheNextOneAnswers() {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Throwable> seen = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, FIRST_BYTE);
            } catch (IOException e) {
                seen.add(e);
                return transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
            }
        });

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertInstanceOf(FirstByteTimeoutException.class, seen.get(0));
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
    }

    @Test
    void aFirstByteTimeoutWithNowhereElseToGoReachesTheAppAsAReadTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        ResourceAccessException thrown = assertThrows(ResourceAccessException.class, () -> chat(clientGovernedBy(governor)));
        assertInstanceOf(SocketTimeoutException.class, thrown.getCause());
    }

    @Test
    void attemptsAreMarkedSoTheTransportAdapterUnderneathLeavesThemAlone() {
        List<Boolean> inCall = new CopyOnWriteArrayList<>();
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        RestClient client = RestClient.builder()
                .requestFactory((uri, method) -> {
                    inCall.add(CallDepth.inCall());
                    return new JdkClientHttpRequestFactory().createRequest(uri, method);
                })
                .requestInterceptors(list -> list.add(adapter(governor).interceptor()))
                .build();

        chat(client);

        assertEquals(List.of(true), inCall);
        assertTrue(!CallDepth.inCall(), "the caller's thread is no longer marked once the call returned");
    }

    @Test
    void aRuntimeFailureLetsTheOriginalCallProceedAsIfTheAgentWereAbsent() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void theInterceptorGoesLastOnceInABuilderAndInARestTemplate() {
        RestClientAdapter adapter = adapter(FakeGovernor.governingNothing());
        ClientHttpRequestInterceptor apps = (request, body, execution) -> execution.execute(request, body);
        List<ClientHttpRequestInterceptor> seen = new ArrayList<>();
        RestClient.Builder builder = RestClient.builder().requestInterceptor(apps);

        adapter.decorateBuilder(builder);
        adapter.decorateBuilder(builder.requestInterceptor(apps));
        builder.requestInterceptors(seen::addAll);

        assertEquals(List.of(apps, apps, adapter.interceptor()), seen);
        RestTemplate template = new RestTemplate();
        template.getInterceptors().add(apps);
        adapter.decorate(new ArrayList<>(template.getInterceptors()));
        List<Object> interceptors = new ArrayList<>(List.of(adapter.interceptor(), apps));
        adapter.decorate(interceptors);
        adapter.decorate(interceptors);
        assertEquals(List.of(apps, adapter.interceptor()), interceptors);
        assertNotEquals(adapter.interceptor(), apps);
    }

    private RestClientAdapter adapter(CallGovernor governor) {
        return new RestClientAdapter(() -> governor, agentThreads);
    }

    private RestClient clientGovernedBy(CallGovernor governor) {
        RestClient.Builder builder = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory());
        adapter(governor).decorateBuilder(builder);
        return builder.build();
    }

    private ResponseEntity<String> chat(RestClient client) {
        return client.post().uri(primary.uri("/v1/chat/completions"))
                .header("Authorization", "Bearer app-key")
                .contentType(MediaType.APPLICATION_JSON)
                .body(PROMPT)
                .retrieve()
                .toEntity(String.class);
    }

    /** The runtime marks who served a call on the answer's headers; this stands in for it. */
    private record HeaderAdded(LlmResponse delegate, String name, String value) implements LlmResponse {
        @Override
        public int status() {
            return delegate.status();
        }

        @Override
        public HttpHeaders headers() {
            return delegate.headers().with(name, value);
        }

        @Override
        public java.io.InputStream body() {
            return delegate.body();
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
