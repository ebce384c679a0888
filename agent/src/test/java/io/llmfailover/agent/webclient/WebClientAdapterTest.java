package io.llmfailover.agent.webclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.AgentFailure;
import io.llmfailover.runtime.http.BufferedResponse;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Flux;

class WebClientAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);
    private static final Duration WAIT = Duration.ofSeconds(10);

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
    void theRuntimeSeesTheBodyExactlyAsTheAppsCodecsWroteIt() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals("{\"ok\":true}", response.getBody());
        assertEquals(PROMPT, new String(governor.executed().get(0).body(), StandardCharsets.UTF_8));
        assertEquals("Bearer app-key", governor.executed().get(0).headers().first("Authorization").orElseThrow());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aFailedOverCallReplaysTheSameBodyToTheFallbackAndAnswersAsTheAddressedProvider() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            return transport.send(request.withUri(fallback.uri("/v1/chat/completions"))
                    .withHeaders(request.headers().with("Authorization", "Bearer fallback-key")), FIRST_BYTE);
        });

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals(200, response.getStatusCode().value());
        assertEquals("{\"from\":\"fallback\"}", response.getBody());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
        assertEquals("Bearer fallback-key", fallback.received().get(0).header("Authorization"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
    }

    @Test
    void aRelayedStreamReachesTheAppEventByEventAsItArrives() throws InterruptedException {
        CountDownLatch firstEventSeen = new CountDownLatch(1);
        fallback.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            exchange.getResponseBody().write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
            exchange.getResponseBody().flush();
            // The second event is sent only once the app has the first: a buffered relay would hang here.
            firstEventSeen.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            exchange.getResponseBody().write("data: two\n\n".getBytes(StandardCharsets.UTF_8));
            exchange.getResponseBody().close();
        });
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new Relabelled(
                transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE)));

        List<String> events = new CopyOnWriteArrayList<>();
        Flux<String> stream = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(PROMPT)
                .retrieve().bodyToFlux(String.class);
        stream.doOnNext(event -> {
            events.add(event);
            firstEventSeen.countDown();
        }).blockLast(WAIT);

        assertEquals(List.of("one", "two"), events);
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void aResponseTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBody() {
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("Retry-After", "7").build();
        byte[] error = "{\"error\":{\"type\":\"rate_limit\"}}".getBytes(StandardCharsets.UTF_8);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(429, headers, error));

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .bodyValue(PROMPT).exchangeToMono(reply -> reply.toEntity(String.class)).block(WAIT);

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
    void aConnectionFailureReachesTheAppAsWebClientsOwnException() throws IOException {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String deadUrl = "http://127.0.0.1:" + closed + "/v1/chat/completions";

        WebClientRequestException thrown = assertThrows(WebClientRequestException.class, () -> clientGovernedBy(governor)
                .post().uri(deadUrl).bodyValue(PROMPT).retrieve().toEntity(String.class).block(WAIT));
        assertInstanceOf(java.net.ConnectException.class, thrown.getCause());
    }

    @Test
    void aRuntimeFailureLetsTheCallProceedAsIfTheAgentWereAbsent() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aConnectorIsWrappedOnce() {
        WebClientAdapter adapter = new WebClientAdapter(FakeGovernor::governingNothing, agentThreads);
        Object governed = adapter.governedConnector(new ReactorClientHttpConnector());

        assertSame(governed, adapter.governedConnector(governed));
    }

    private WebClient clientGovernedBy(CallGovernor governor) {
        WebClientAdapter adapter = new WebClientAdapter(() -> governor, agentThreads);
        return WebClient.builder()
                .clientConnector((ClientHttpConnector) adapter.governedConnector(new ReactorClientHttpConnector()))
                .build();
    }

    private ResponseEntity<String> chat(WebClient client) {
        return client.post().uri(primary.uri("/v1/chat/completions"))
                .header("Authorization", "Bearer app-key")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(PROMPT)
                .retrieve()
                .toEntity(String.class)
                .block(WAIT);
    }

    /** An answer the runtime passes on as its own (as it does after translation), not the attempt's object. */
    private record Relabelled(LlmResponse delegate) implements LlmResponse {
        @Override
        public int status() {
            return delegate.status();
        }

        @Override
        public HttpHeaders headers() {
            return delegate.headers();
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
