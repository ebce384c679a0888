package io.llmfailover.agent.client.okhttp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FailoverInterceptorTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final MediaType JSON = MediaType.parse("application/json");
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();

    @AfterEach
    void stopServers() {
        primary.close();
        fallback.close();
    }

    @Test
    void callsTheRuntimeDoesNotGovernPassThroughUntouched() throws IOException {
        FakeGovernor governor = FakeGovernor.governingNothing();

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(200, response.code());
            assertEquals("{\"ok\":true}", response.body().string());
        }
        assertTrue(governor.executed().isEmpty());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void anUntouchedFirstAttemptGivesTheAppTheClientsNativeResponse() throws IOException {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertNotNull(response.networkResponse(), "only OkHttp's own responses carry a network response");
            assertEquals("{\"ok\":true}", response.body().string());
        }
        assertEquals(1, governor.executed().size());
        assertEquals("POST", governor.executed().get(0).method());
        assertEquals("application/json; charset=utf-8", governor.executed().get(0).headers().first("Content-Type").orElseThrow());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aFirstAttemptWithTraceContextAddedIsStillTheAppsRequestAndItsResponseStaysNative() throws IOException {
        String traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        java.util.concurrent.atomic.AtomicInteger watched = new java.util.concurrent.atomic.AtomicInteger();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request.withHeaders(request.headers().with("traceparent", traceparent)),
                    FIRST_BYTE);
            return io.llmfailover.runtime.contract.Answer.own(new io.llmfailover.agent.testing.WatchedBody(own, watched), own);
        });

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertNotNull(response.networkResponse(), "OkHttp's own response, not one rebuilt from the answer");
            assertEquals("{\"ok\":true}", response.body().string());
        }
        assertEquals(traceparent, primary.received().get(0).header("traceparent"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
        assertEquals("{\"ok\":true}".length(), watched.get(), "the app read the body through the watcher");
    }

    @Test
    void anAttemptWithoutAFirstContentDeadlineWaitsForTheHeadAsTheAppWould() throws IOException {
        primary.answering(exchange -> LoopbackServer.stream(exchange, List.of("data: a\n\n", "data: b\n\n"), 2 * FIRST_BYTE.toMillis()));
        FakeGovernor governor = FakeGovernor.passThrough(null);

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertNotNull(response.networkResponse());
            assertEquals("data: a\n\ndata: b\n\n", response.body().string());
        }
    }

    @Test
    void aFailedOverCallReplaysTheSameBodyAndAnswersAsTheAddressedProvider() throws IOException {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, FIRST_BYTE);
            if (first.status() != 503) {
                return first;
            }
            first.close();
            LlmResponse second = transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
            return withHeader(second, "x-llm-failover-provider", "fallback");
        });
        Request appRequest = chat(primary);

        try (Response response = clientGovernedBy(governor).newCall(appRequest).execute()) {
            assertEquals(200, response.code());
            assertEquals("fallback", response.header("x-llm-failover-provider"));
            assertEquals(appRequest.url(), response.request().url(), "the app sees the provider it addressed");
            assertEquals("{\"from\":\"fallback\"}", response.body().string());
        }
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
        assertEquals("Bearer app-key", fallback.received().get(0).header("Authorization"));
    }

    @Test
    void aOneShotBodyIsReadOnceAndReplayedFromTheCopy() throws IOException {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 429, "application/json", "{}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            return transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
        });
        OneShotBody body = new OneShotBody(PROMPT);
        Request request = new Request.Builder().url(primary.uri("/v1/chat/completions").toString()).post(body).build();

        try (Response response = clientGovernedBy(governor).newCall(request).execute()) {
            assertEquals(200, response.code());
        }
        assertEquals(1, body.writes);
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
    }

    @Test
    void aOneShotBodyOfUnknownLengthCannotBeReplayedSoItPassesThroughUngovernedOnce() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body that cannot be replayed reached the runtime");
        });
        OneShotBody body = new OneShotBody(PROMPT, false);
        Request request = new Request.Builder().url(primary.uri("/v1/chat/completions").toString()).post(body).build();

        try (Response response = clientGovernedBy(governor).newCall(request).execute()) {
            assertEquals(200, response.code());
        }
        assertEquals(1, body.writes);
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void H4_aGovernedBodyLargerThanTheCapIsSentOnceAsTheAppMadeItWithoutBeingCopied() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(PROMPT.length() - 1);

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(200, response.code());
        }
        assertEquals(1, primary.received().size());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void M2_aFallbacksRedirectIsNeverFollowedWithTheFallbacksKeyAndTheRuntimeSeesTheRedirect() throws IOException {
        try (LoopbackServer elsewhere = new LoopbackServer()) {
            fallback.answering(exchange -> {
                exchange.getResponseHeaders().set("Location", elsewhere.uri("/steal").toString());
                LoopbackServer.respond(exchange, 307, "application/json", "{}");
            });
            List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
                LlmRequest attempt = request.withUri(fallback.uri("/v1/chat/completions"))
                        .withHeaders(request.headers().with("Authorization", "Bearer fallback-key"));
                LlmResponse answer = transport.send(attempt, FIRST_BYTE);
                seen.add(answer.status());
                answer.close();
                return new BufferedResponse(503, HttpHeaders.EMPTY, new byte[0]);
            });

            try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
                assertEquals(503, response.code());
            }
            assertEquals(List.of(307), seen);
            assertTrue(elsewhere.received().isEmpty(), "the redirect was followed with the fallback's key");
        }
    }

    @Test
    void M1_theAppsOwnReadTimeoutEndsTheCallAsTheAppsTimeoutAndTheRuntimeIsToldTheAppGaveUp() {
        primary.answering(exchange -> {
            try {
                primary.holdUntilReleased();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<Class<?>> runtimeSaw = new java.util.concurrent.CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                throw e;
            }
        });
        OkHttpClient.Builder builder = new OkHttpClient.Builder().readTimeout(200, TimeUnit.MILLISECONDS);
        new OkHttpAdapter(() -> governor).decorate(builder);

        IOException thrown = assertThrows(IOException.class, () -> builder.build().newCall(chat(primary)).execute().close());

        assertInstanceOf(java.net.SocketTimeoutException.class, thrown);
        assertEquals(List.of(io.llmfailover.runtime.contract.CallAbandonedException.class), runtimeSaw);
        assertEquals(1, primary.received().size());
    }

    @Test
    void aResponseTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBody() throws IOException {
        byte[] error = "{\"error\":{\"type\":\"rate_limit\"}}".getBytes(StandardCharsets.UTF_8);
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("Retry-After", "7").build();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(429, headers, error));

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(429, response.code());
            assertEquals("7", response.header("Retry-After"));
            assertEquals("application/json", response.body().contentType().toString());
            assertArrayEquals(error, response.body().bytes());
        }
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void aConnectionFailureReachesTheAppAsOkHttpsOwnException() throws IOException {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        Request request = new Request.Builder().url("http://127.0.0.1:" + closedPort() + "/v1/chat/completions")
                .post(RequestBody.create(JSON, PROMPT)).build();

        assertThrows(ConnectException.class, () -> clientGovernedBy(governor).newCall(request).execute());
    }

    @Test
    void noHeadWithinTheFirstContentDeadlineCancelsThatAttemptOnly() throws IOException {
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

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals("{\"ok\":true}", response.body().string());
        }
        assertInstanceOf(HeadDeadlineException.class, seen.get(0));
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
    }

    @Test
    void aFirstContentDeadlineWithNowhereElseToGoReachesTheAppAsAReadTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        SocketTimeoutException thrown = assertThrows(SocketTimeoutException.class,
                () -> clientGovernedBy(governor).newCall(chat(primary)).execute());
        assertInstanceOf(HeadDeadlineException.class, thrown.getCause());
    }

    @Test
    void theFirstContentDeadlineDoesNotCutASlowStreamOnceItsHeadArrived() throws IOException {
        List<String> events = List.of("data: one\n\n", "data: two\n\n", "data: [DONE]\n\n");
        primary.answering(exchange -> LoopbackServer.stream(exchange, events, 3 * FIRST_BYTE.toMillis()));
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(String.join("", events), response.body().string());
        }
    }

    @Test
    void aRuntimeFailureLetsTheOriginalCallProceedAsIfTheAgentWereAbsent() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(200, response.code());
            assertEquals("{\"ok\":true}", response.body().string());
        }
        assertEquals(1, primary.received().size());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aGovernsCheckThatFailsLeavesTheCallAlone() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> {
            throw new IllegalStateException("bug");
        }, (request, transport) -> {
            throw new AssertionError("not governed");
        });

        try (Response response = clientGovernedBy(governor).newCall(chat(primary)).execute()) {
            assertEquals(200, response.code());
        }
    }

    @Test
    void aDuplexBodyIsNeverGoverned() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        RequestBody duplex = new RequestBody() {
            @Override
            public MediaType contentType() {
                return JSON;
            }

            @Override
            public void writeTo(BufferedSink sink) {}

            @Override
            public boolean isDuplex() {
                return true;
            }
        };
        Request request = new Request.Builder().url(primary.uri("/v1/chat/completions").toString()).post(duplex).build();

        // OkHttp itself refuses duplex bodies over HTTP/1: what matters is that the runtime never saw the call.
        assertThrows(Exception.class, () -> clientGovernedBy(governor).newCall(request).execute().close());
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void withoutAnInstalledRuntimeNothingIsGoverned() throws IOException {
        OkHttpClient.Builder builder = new OkHttpClient.Builder();
        new OkHttpAdapter(() -> null).decorate(builder);

        try (Response response = builder.build().newCall(chat(primary)).execute()) {
            assertEquals(200, response.code());
            assertNotNull(response.networkResponse());
        }
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    private static OkHttpClient clientGovernedBy(CallRunner governor) {
        OkHttpClient.Builder builder = new OkHttpClient.Builder().readTimeout(10, TimeUnit.SECONDS);
        new OkHttpAdapter(() -> governor).decorate(builder);
        return builder.build();
    }

    private static Request chat(LoopbackServer server) {
        return new Request.Builder()
                .url(server.uri("/v1/chat/completions").toString())
                .header("Authorization", "Bearer app-key")
                .post(RequestBody.create(JSON, PROMPT))
                .build();
    }

    private static LlmResponse withHeader(LlmResponse response, String name, String value) {
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
            public java.io.InputStream body() {
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

    /** A body that may be written once only, like the OpenAI and Anthropic SDKs' non-repeatable bodies. */
    private static final class OneShotBody extends RequestBody {
        private final String content;
        private final boolean lengthKnown;
        int writes;

        OneShotBody(String content) {
            this(content, true);
        }

        OneShotBody(String content, boolean lengthKnown) {
            this.content = content;
            this.lengthKnown = lengthKnown;
        }

        @Override
        public long contentLength() {
            return lengthKnown ? content.getBytes(StandardCharsets.UTF_8).length : -1;
        }

        @Override
        public MediaType contentType() {
            return JSON;
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            if (++writes > 1) {
                throw new IllegalStateException("one-shot body written twice");
            }
            sink.writeUtf8(content);
        }

        @Override
        public boolean isOneShot() {
            return true;
        }
    }
}
