package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JdkHttpAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);
    private static final Duration GENEROUS = Duration.ofSeconds(10);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stopServers() {
        primary.close();
        fallback.close();
    }

    @Test
    void aCallTheRuntimeDoesNotGovernIsLeftToTheClient() {
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.governingNothing());

        assertNull(adapter.send(client, chat(primary), BodyHandlers.ofString()));
        assertNull(adapter.sendAsync(client, chat(primary), BodyHandlers.ofString(), null));
        assertTrue(primary.received().isEmpty());
    }

    /** The JDK's request cannot change: the adapter sends the app's call itself, from a copy without the agent's header. */
    @Test
    @SuppressWarnings("unchecked")
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() throws Exception {
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.governingNothingAtAProvidersHost());
        HttpRequest models = HttpRequest.newBuilder(primary.uri("/v1/models"))
                .header("Authorization", "Bearer app-key").header("x-llm-route", "budget").GET().build();

        HttpResponse<String> sent = sent(adapter.send(client, models, BodyHandlers.ofString()));
        HttpResponse<String> sentAsync = ((CompletableFuture<HttpResponse<String>>) adapter
                .sendAsync(client, models, BodyHandlers.ofString(), null).value()).get(10, TimeUnit.SECONDS);

        assertEquals(200, sent.statusCode());
        assertEquals(200, sentAsync.statusCode());
        assertEquals(2, primary.received().size());
        for (LoopbackServer.Received received : primary.received()) {
            assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
            assertEquals("Bearer app-key", received.header("Authorization"));
            assertEquals("GET /v1/models", received.method() + " " + received.path());
        }
        assertNull(adapter.send(client, chat(primary), BodyHandlers.ofString()), "a call without it is left to the client");
    }

    @Test
    void aGovernedSendReturnsTheAnswerThroughTheAppsOwnBodyHandler() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        HttpRequest request = chat(primary);

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertEquals(200, response.statusCode());
        assertEquals("{\"ok\":true}", response.body());
        assertSame(request, response.request());
        assertEquals("application/json", response.headers().firstValue("content-type").orElseThrow());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals("Bearer app-key", governor.executed().get(0).headers().first("Authorization").orElseThrow());
    }

    @Test
    void anAttemptWithoutAFirstContentDeadlineWaitsForTheHeadAsTheAppWould() {
        primary.answering(exchange -> {
            primary.holdUntilReleased();
            LoopbackServer.respond(exchange, 200, "application/json", "{\"late\":true}");
        });
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.passThrough(null));

        CompletableFuture<HttpResponse<String>> future = futureOf(adapter.sendAsync(client, chat(primary), BodyHandlers.ofString(), null));
        primary.release();

        assertEquals("{\"late\":true}", assertTimeoutPreemptively(GENEROUS, () -> future.get().body()));
    }

    @Test
    void aFailedOverCallReplaysTheSameBodyAndAnswersAsTheAddressedProvider() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, FIRST_BYTE);
            first.close();
            LlmResponse second = transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
            return relabelled(second, "x-llm-failover-provider", "fallback");
        });
        HttpRequest request = chat(primary);

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertEquals(200, response.statusCode());
        assertEquals("{\"from\":\"fallback\"}", response.body());
        assertEquals("fallback", response.headers().firstValue("x-llm-failover-provider").orElseThrow());
        assertEquals(request.uri(), response.uri(), "the app sees the provider it addressed");
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
        assertEquals("Bearer app-key", fallback.received().get(0).header("Authorization"));
    }

    @Test
    void aStreamedBodyReachesAnInputStreamHandlerEventByEvent() throws Exception {
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write("data: first\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            primary.holdUntilReleased();
            out.write("data: second\n\n".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.passThrough(FIRST_BYTE));

        HttpResponse<InputStream> response = sent(adapter.send(client, chat(primary), BodyHandlers.ofInputStream()));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            // The second event is held back by the server: the first must arrive on its own.
            assertEquals("data: first", assertTimeoutPreemptively(GENEROUS, lines::readLine));
            primary.release();
            assertEquals("", lines.readLine());
            assertEquals("data: second", lines.readLine());
        }
    }

    @Test
    void aGovernedSendAsyncReturnsBeforeTheProviderAnswers() throws Exception {
        primary.answering(exchange -> {
            primary.holdUntilReleased();
            LoopbackServer.respond(exchange, 200, "application/json", "{\"late\":true}");
        });
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.passThrough(GENEROUS));

        HookOutcome outcome = adapter.sendAsync(client, chat(primary), BodyHandlers.ofString(), null);

        CompletableFuture<HttpResponse<String>> future = futureOf(outcome);
        assertFalse(future.isDone());
        primary.release();
        assertEquals("{\"late\":true}", future.get(10, TimeUnit.SECONDS).body());
    }

    @Test
    void aConnectionFailureReachesTheAppAsTheClientsOwnException() throws IOException {
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.passThrough(FIRST_BYTE));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closedPort() + "/v1/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofString(PROMPT)).build();

        HookOutcome outcome = adapter.send(client, request, BodyHandlers.ofString());

        assertInstanceOf(ConnectException.class, outcome.failure());
    }

    @Test
    void noHeadWithinTheFirstContentDeadlineCancelsThatAttemptAndTheNextProviderAnswers() {
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

        HttpResponse<String> response = sent(adapterFor(governor).send(client, chat(primary), BodyHandlers.ofString()));

        assertEquals("{\"ok\":true}", response.body());
        assertInstanceOf(HeadDeadlineException.class, seen.get(0));
    }

    @Test
    void aFirstContentDeadlineWithNowhereElseToGoReachesTheAppAsTheClientsTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.passThrough(FIRST_BYTE));

        HookOutcome outcome = adapter.send(client, chat(primary), BodyHandlers.ofString());

        assertInstanceOf(HttpTimeoutException.class, outcome.failure());
    }

    @Test
    void aRuntimeFailureLetsTheOriginalCallProceedAsIfTheAgentWereAbsent() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });

        HttpResponse<String> response = sent(adapterFor(governor).send(client, chat(primary), BodyHandlers.ofString()));

        assertEquals("{\"ok\":true}", response.body());
        assertEquals(1, primary.received().size());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aResponseTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBody() {
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("Retry-After", "7").build();
        byte[] error = "{\"error\":{\"type\":\"overloaded\"}}".getBytes(StandardCharsets.UTF_8);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(503, headers, error));

        HttpResponse<byte[]> response = sent(adapterFor(governor).send(client, chat(primary), BodyHandlers.ofByteArray()));

        assertEquals(503, response.statusCode());
        assertEquals("7", response.headers().firstValue("retry-after").orElseThrow());
        assertEquals(new String(error, StandardCharsets.UTF_8), new String(response.body(), StandardCharsets.UTF_8));
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void aRequestWithoutABodyIsReplayedWithoutOne() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        HttpRequest request = HttpRequest.newBuilder(primary.uri("/v1/models")).GET().build();

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertNotNull(response.body());
        assertEquals("GET", primary.received().get(0).method());
        assertEquals(0, governor.executed().get(0).body().length);
    }

    @Test
    void H4_aBodyKnownToBeLargerThanTheCapIsSentOnceAsTheAppMadeItWithoutTheAgentReadingIt() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(PROMPT.length() - 1);
        CountingPublisher body = new CountingPublisher(HttpRequest.BodyPublishers.ofString(PROMPT));
        HttpRequest request = HttpRequest.newBuilder(primary.uri("/v1/chat/completions")).POST(body).build();

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertEquals(200, response.statusCode());
        assertEquals(1, body.subscriptions.get(), "only the client itself reads the body");
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void H4_aBodyOfUnknownLengthThatPassesTheCapIsSentWholeAsTheAppMadeIt() {
        byte[] large = PROMPT.repeat(100).getBytes(StandardCharsets.UTF_8);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(PROMPT.length());
        HttpRequest request = HttpRequest.newBuilder(primary.uri("/v1/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(large))).build();

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertEquals(200, response.statusCode());
        assertEquals(List.of(new String(large, StandardCharsets.UTF_8)), bodiesReceivedBy(primary));
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void H4_aPublisherOfUnknownLengthThatMayNotBeSubscribedTwiceIsNeverReadByTheAgent() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body that cannot be replayed reached the runtime");
        });
        CountingPublisher once = new CountingPublisher(HttpRequest.BodyPublishers.ofString(PROMPT));
        HttpRequest request = HttpRequest.newBuilder(primary.uri("/v1/chat/completions"))
                .POST(HttpRequest.BodyPublishers.fromPublisher(once)).build();

        HttpResponse<String> response = sent(adapterFor(governor).send(client, request, BodyHandlers.ofString()));

        assertEquals(200, response.statusCode());
        assertEquals(1, once.subscriptions.get());
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void M1_theAppsOwnRequestTimeoutShorterThanTheAgentsDeadlineEndsTheCallAsTheAppsTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toFallback, Duration.ofSeconds(30));
        HttpRequest request = HttpRequest.newBuilder(chat(primary), (name, value) -> true).timeout(Duration.ofMillis(300)).build();

        HookOutcome outcome = adapterFor(governor).send(client, request, BodyHandlers.ofString());

        assertInstanceOf(HttpTimeoutException.class, outcome.failure());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty(), "the app's own timeout was failed over");
    }

    @Test
    void M1_anInterruptedSendEndsAsTheClientsInterruptedExceptionWithoutFailingOver() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        JdkHttpAdapter adapter = adapterFor(FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toFallback, Duration.ofSeconds(30)));
        CompletableFuture<HookOutcome> outcome = new CompletableFuture<>();
        Thread app = new Thread(() -> outcome.complete(adapter.send(client, chat(primary), BodyHandlers.ofString())));
        app.start();
        awaitRequestAt(primary);

        app.interrupt();

        assertInstanceOf(InterruptedException.class, outcome.get(10, TimeUnit.SECONDS).failure());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty());
    }

    @Test
    void M1_cancellingTheFutureOfASendAsyncAbandonsTheCall() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        CountDownLatch ended = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                throw e;
            } finally {
                ended.countDown();
            }
        });
        CompletableFuture<HttpResponse<String>> future = futureOf(adapterFor(governor).sendAsync(client, chat(primary), BodyHandlers.ofString(), null));
        awaitRequestAt(primary);

        future.cancel(true);

        assertTrue(ended.await(10, TimeUnit.SECONDS), "the attempt went on after the app cancelled the call");
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
    }

    @Test
    void theAppsOwnRequestGetsTheClientsNativeHeadWithItsRedirectHistory() {
        primary.answering(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/v1/chat/completions")) {
                exchange.getResponseHeaders().set("Location", "/v1/moved");
                LoopbackServer.respond(exchange, 307, "application/json", "");
            } else {
                LoopbackServer.respond(exchange, 200, "application/json", "{\"moved\":true}");
            }
        });
        HttpClient following = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NORMAL).build();

        HttpResponse<String> response = sent(adapterFor(FakeGovernor.passThrough(FIRST_BYTE))
                .send(following, chat(primary), BodyHandlers.ofString()));

        assertEquals("{\"moved\":true}", response.body());
        assertEquals(primary.uri("/v1/moved"), response.uri());
        assertEquals(307, response.previousResponse().orElseThrow().statusCode());
        assertEquals(HttpClient.Version.HTTP_1_1, response.version());
    }

    @Test
    void aRewrittenAttemptHandsItsRedirectBackThoughTheAppsClientFollowsRedirects() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(LoopbackServer.redirectingChatTo(fallback.uri("/elsewhere")));
        List<Integer> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            LlmResponse fallbackAnswer = transport.send(toFallback(request), FIRST_BYTE);
            runtimeSaw.add(fallbackAnswer.status());
            return fallbackAnswer;
        });
        HttpClient following = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.ALWAYS).build();

        sent(adapterFor(governor).send(following, chat(primary), BodyHandlers.ofString()));

        assertEquals(List.of(307), runtimeSaw);
        assertEquals(List.of("/v1/chat/completions"), fallback.received().stream().map(LoopbackServer.Received::path).toList(),
                "the fallback's key and prompt went where its redirect points");
    }

    private LlmRequest toFallback(LlmRequest request) {
        return request.withUri(fallback.uri("/v1/chat/completions"));
    }

    private static void awaitRequestAt(LoopbackServer server) throws InterruptedException {
        for (int i = 0; i < 1000 && server.received().isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertFalse(server.received().isEmpty(), "the request never reached the server");
    }

    private static List<String> bodiesReceivedBy(LoopbackServer server) {
        return server.received().stream().map(LoopbackServer.Received::bodyText).toList();
    }

    /** A body publisher that counts how often it is subscribed to. */
    private static final class CountingPublisher implements HttpRequest.BodyPublisher {
        private final HttpRequest.BodyPublisher delegate;
        final AtomicInteger subscriptions = new AtomicInteger();

        CountingPublisher(HttpRequest.BodyPublisher delegate) {
            this.delegate = delegate;
        }

        @Override
        public long contentLength() {
            return delegate.contentLength();
        }

        @Override
        public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            subscriptions.incrementAndGet();
            delegate.subscribe(subscriber);
        }
    }

    private static JdkHttpAdapter adapterFor(FakeGovernor governor) {
        return new JdkHttpAdapter(() -> governor, AgentThreads.shared());
    }

    private static HttpRequest chat(LoopbackServer server) {
        return HttpRequest.newBuilder(server.uri("/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer app-key")
                .POST(HttpRequest.BodyPublishers.ofString(PROMPT))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static <T> HttpResponse<T> sent(HookOutcome outcome) {
        assertNotNull(outcome, "the call was not governed");
        assertNull(outcome.failure(), () -> "the call failed: " + outcome.failure());
        return (HttpResponse<T>) outcome.value();
    }

    @SuppressWarnings("unchecked")
    private static <T> CompletableFuture<HttpResponse<T>> futureOf(HookOutcome outcome) {
        assertNotNull(outcome, "the call was not governed");
        return (CompletableFuture<HttpResponse<T>>) outcome.value();
    }

    private static LlmResponse relabelled(LlmResponse response, String name, String value) {
        return new LlmResponse() {
            @Override
            public int status() {
                return response.status();
            }

            @Override
            public HttpHeaders headers() {
                return response.headers().with(name, value);
            }

            @Override
            public InputStream body() {
                return response.body();
            }

            @Override
            public void close() {
                response.close();
            }
        };
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
