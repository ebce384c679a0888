package io.llmfailover.agent.client.webclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.agent.testing.WatchedBody;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import io.netty.handler.timeout.ReadTimeoutException;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ClientHttpResponseDecorator;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

class WebClientAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

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

    /** The app's callback writes the headers: it is made to drop the agent's own before they go out. */
    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() {
        WebClient client = clientGovernedBy(FakeGovernor.governingNothingAtAProvidersHost());

        String models = client.get().uri(primary.uri("/v1/models"))
                .header("Authorization", "Bearer app-key").header("x-llm-route", "budget")
                .retrieve().bodyToMono(String.class).block(WAIT);

        assertEquals("{\"ok\":true}", models);
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
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
    void noHeadWithinTheFirstContentDeadlineAbandonsThatAttemptAndTheNextOneAnswers() {
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
        assertInstanceOf(HeadDeadlineException.class, seen.get(0));
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
    void H4_aGovernedBodyOverTheCapIsSentOnceWholeAsTheAppStreamedItAndTheRuntimeNeverSeesIt() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(10);
        List<String> chunks = List.of("{\"model\":", "\"gpt-4o\",", "\"messages\":[", "{\"role\":\"user\",",
                "\"content\":\"hi\"}]}");
        AtomicInteger subscriptions = new AtomicInteger();
        Flux<DataBuffer> oneShot = Flux.defer(() -> subscriptions.incrementAndGet() > 1
                ? Flux.error(new IllegalStateException("the app's body was subscribed twice"))
                : Flux.fromIterable(chunks).map(chunk -> DefaultDataBufferFactory.sharedInstance
                        .wrap(chunk.getBytes(StandardCharsets.UTF_8))));

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .contentType(MediaType.APPLICATION_JSON)
                .body(BodyInserters.fromDataBuffers(oneShot))
                .retrieve().toEntity(String.class).block(WAIT);

        assertEquals("{\"ok\":true}", response.getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(1, subscriptions.get());
        assertEquals(List.of(String.join("", chunks)), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void H4_theDecisionIsTakenOnTheMethodAndUriBeforeTheAppsCallbackRuns() {
        List<String> asked = new CopyOnWriteArrayList<>();
        List<Boolean> nativeRequestSeen = new CopyOnWriteArrayList<>();
        CallRunner postsOnly = new CallRunner() {
            @Override
            public boolean governs(String method, java.net.URI uri) {
                asked.add(method);
                return method.equals("POST");
            }

            @Override
            public long bufferLimit() {
                return 1 << 20;
            }

            @Override
            public io.llmfailover.runtime.contract.Answer execute(io.llmfailover.runtime.contract.LlmRequest request,
                    io.llmfailover.runtime.contract.Transport transport) {
                throw new AssertionError("a GET reached the runtime");
            }
        };

        String body = clientGovernedBy(postsOnly).get().uri(primary.uri("/v1/models"))
                .httpRequest(request -> nativeRequestSeen.add(request.getNativeRequest() != null))
                .retrieve().bodyToMono(String.class).block(WAIT);

        assertEquals("{\"ok\":true}", body);
        assertEquals(List.of("GET"), asked);
        assertEquals(List.of(true), nativeRequestSeen, "the app's callback ran once, against the connector's own request");
    }

    @Test
    void aGovernedCallWhoseCallbackNeedsTheConnectorsOwnRequestPassesThroughUngovernedOnce() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a call that cannot be captured reached the runtime");
        });
        List<Boolean> nativeRequestSeen = new CopyOnWriteArrayList<>();

        String body = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .httpRequest(request -> nativeRequestSeen.add(request.getNativeRequest() != null))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(PROMPT)
                .retrieve().bodyToMono(String.class).block(WAIT);

        assertEquals("{\"ok\":true}", body);
        assertEquals(List.of(true), nativeRequestSeen);
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void issue4_aFirstAttemptWithTraceContextAddedIsTheAppsRequestAndTheAppGetsTheConnectorsOwnResponse() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) ->
                transport.send(request.withHeaders(request.headers().with("traceparent", TRACEPARENT)), FIRST_BYTE));

        ClientHttpResponse response = connectorGovernedBy(governor)
                .connect(HttpMethod.POST, primary.uri("/v1/chat/completions"), WebClientAdapterTest::writePrompt)
                .block(WAIT);

        assertEquals("org.springframework.http.client.reactive.ReactorClientHttpResponse", response.getClass().getName());
        assertEquals("{\"ok\":true}", bodyOf(response));
        assertEquals(TRACEPARENT, primary.received().get(0).header("traceparent"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void issue4_theAppsOwnResponseWhoseBodyTheRuntimeWatchesIsTheConnectorsReadThroughTheWatcher() {
        AtomicInteger watched = new AtomicInteger();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request.withHeaders(request.headers().with("traceparent", TRACEPARENT)),
                    FIRST_BYTE);
            return Answer.own(new WatchedBody(own, watched), own);
        });

        ClientHttpResponse response = connectorGovernedBy(governor)
                .connect(HttpMethod.POST, primary.uri("/v1/chat/completions"), WebClientAdapterTest::writePrompt)
                .block(WAIT);

        ClientHttpResponse own = assertInstanceOf(ClientHttpResponseDecorator.class, response).getDelegate();
        assertEquals("org.springframework.http.client.reactive.ReactorClientHttpResponse", own.getClass().getName());
        assertEquals("{\"ok\":true}", bodyOf(response));
        assertEquals("{\"ok\":true}".length(), watched.get(), "the app read the body through the watcher");
    }

    @Test
    void issue5_theAppsSpanAndClassLoaderAreThoseWhereTheAppSubscribed() throws Exception {
        SpanContext appSpan = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault());
        Method capturedParent = CallerClassLoader.class.getDeclaredMethod("capturedParent");
        capturedParent.setAccessible(true);
        List<Object> seenByTheRuntime = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                seenByTheRuntime.add(capturedParent.invoke(null));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
            seenByTheRuntime.add(CallerClassLoader.current());
            return transport.send(request, FIRST_BYTE);
        });
        WebClient client = clientGovernedBy(governor);

        try (Scope current = Span.wrap(appSpan).makeCurrent()) {
            chat(client);
        }

        SpanContext parent = assertInstanceOf(SpanContext.class, seenByTheRuntime.get(0));
        assertEquals(appSpan.getTraceId() + "/" + appSpan.getSpanId(), parent.getTraceId() + "/" + parent.getSpanId());
        assertSame(ClientHttpConnector.class.getClassLoader(), seenByTheRuntime.get(1));
    }

    @Test
    void M1_cancellingTheSubscriptionAbandonsTheAttemptInFlightReleasesItsConnectionAndStartsNoOther() throws Exception {
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        CountDownLatch runtimeDone = new CountDownLatch(1);
        try (SilentServer silent = new SilentServer()) {
            FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
                try {
                    return transport.send(request, Duration.ofSeconds(30));
                } catch (IOException e) {
                    runtimeSaw.add(e.getClass());
                    try {
                        transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE).close();
                    } catch (IOException again) {
                        runtimeSaw.add(again.getClass());
                    }
                    throw e;
                } finally {
                    runtimeDone.countDown();
                }
            });

            Disposable call = clientGovernedBy(governor).post().uri(silent.uri())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(PROMPT)
                    .retrieve().toEntity(String.class).subscribe();
            assertTrue(silent.requestReceived.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the attempt never reached the server");
            call.dispose();

            assertTrue(runtimeDone.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the runtime still waits for the head");
            assertEquals(List.of(CallAbandonedException.class, CallAbandonedException.class), runtimeSaw);
            assertTrue(silent.connectionClosed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the attempt's connection is still open");
            assertTrue(fallback.received().isEmpty());
        }
    }

    /**
     * The response timeout the app set on its connector's client, expiring while the runtime waits
     * for a stream's first content: the app's own, so the call ends with it and nothing fails over.
     */
    @Test
    void M1_theConnectorsResponseTimeoutWhileAStreamsFirstContentIsAwaitedEndsTheCallWithItsOwnException() {
        primary.answering(LoopbackServer.streaming(List.of(": keep-alive\n\n", "data: late\n\n"), 2_000));
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = FakeGovernor.readingBodyAndFailingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(2),
                request -> request.withUri(fallback.uri("/v1/chat/completions")));
        WebClientAdapter adapter = new WebClientAdapter(() -> governor, agentThreads);
        WebClient client = WebClient.builder().clientConnector((ClientHttpConnector) adapter.governedConnector(
                new ReactorClientHttpConnector(HttpClient.create().responseTimeout(Duration.ofMillis(300))))).build();

        RuntimeException failure = assertThrows(RuntimeException.class, () -> chat(client));

        assertTrue(causes(failure).stream().anyMatch(ReadTimeoutException.class::isInstance), () -> "the app saw " + failure);
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty(), "the app's own timeout was failed over");
    }

    private static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable t = failure; t != null && chain.size() < 10; t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    @Test
    void anInternalFailureAfterTheAppsRequestWasSentEndsTheCallAndNeverSendsItAgain() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            throw new AgentFailure("broken after sending", null);
        });

        assertThrows(WebClientRequestException.class, () -> chat(clientGovernedBy(governor)));
        assertEquals(1, primary.received().size());
    }

    @Test
    void aConnectorIsWrappedOnce() {
        WebClientAdapter adapter = new WebClientAdapter(FakeGovernor::governingNothing, agentThreads);
        Object governed = adapter.governedConnector(new ReactorClientHttpConnector());

        assertSame(governed, adapter.governedConnector(governed));
    }

    private ClientHttpConnector connectorGovernedBy(CallRunner governor) {
        return (ClientHttpConnector) new WebClientAdapter(() -> governor, agentThreads)
                .governedConnector(new ReactorClientHttpConnector());
    }

    private static Mono<Void> writePrompt(org.springframework.http.client.reactive.ClientHttpRequest request) {
        request.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        request.getHeaders().set("Authorization", "Bearer app-key");
        return request.writeWith(Mono.just(request.bufferFactory().wrap(PROMPT.getBytes(StandardCharsets.UTF_8))));
    }

    private static String bodyOf(ClientHttpResponse response) {
        return DataBufferUtils.join(response.getBody()).map(buffer -> {
            String text = buffer.toString(StandardCharsets.UTF_8);
            DataBufferUtils.release(buffer);
            return text;
        }).block(WAIT);
    }

    private WebClient clientGovernedBy(CallRunner governor) {
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

    /** A provider that reads the request and never answers; it tells when the client closes the connection. */
    private static final class SilentServer implements AutoCloseable {
        final CountDownLatch requestReceived = new CountDownLatch(1);
        final CountDownLatch connectionClosed = new CountDownLatch(1);
        private final java.net.ServerSocket server;

        SilentServer() throws IOException {
            server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
            Thread accepting = new Thread(this::serveOne, "silent-server");
            accepting.setDaemon(true);
            accepting.start();
        }

        String uri() {
            return "http://127.0.0.1:" + server.getLocalPort() + "/v1/chat/completions";
        }

        private void serveOne() {
            try (java.net.Socket socket = server.accept()) {
                java.io.InputStream in = socket.getInputStream();
                byte[] buffer = new byte[8192];
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    if (read > 0) {
                        requestReceived.countDown();
                    }
                }
            } catch (IOException closedOrReset) {
                // the client went away
            }
            connectionClosed.countDown();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
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
