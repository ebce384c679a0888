package io.llmfailover.agent.client.apache5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.KeepAliveOnly;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.agent.testing.WatchedBody;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Apache5ClassicAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofSeconds(5);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();
    private final LoopbackServer elsewhere = new LoopbackServer();
    private final ExecutorService app = Executors.newCachedThreadPool();
    private CloseableHttpClient client;

    @AfterEach
    void close() throws IOException {
        app.shutdownNow();
        if (client != null) {
            client.close();
        }
        primary.close();
        backup.close();
        elsewhere.close();
    }

    @Test
    void aCallTheRuntimeDoesNotGovernIsLeftAloneAndItsBodyNeverRead() throws IOException {
        CountingEntity body = new CountingEntity(PROMPT, true);

        try (CloseableHttpResponse response = governedBy(FakeGovernor.governingNothing()).execute(post(primary, body))) {
            assertEquals(200, response.getCode());
        }
        assertEquals(1, body.writes.get(), "only the client wrote the body");
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void anUntouchedFirstAttemptGivesTheAppTheClientsNativeResponse() throws Exception {
        AtomicReference<HttpEntity> nativeEntity = new AtomicReference<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request, FIRST_BYTE);
            nativeEntity.set(((ClassicHttpResponse) ((NativeResponse<?>) own).nativeResponse()).getEntity());
            return own;
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertSame(nativeEntity.get(), response.getEntity(), "the client's own response, not one rebuilt");
            assertEquals("{\"ok\":true}", EntityUtils.toString(response.getEntity()));
        }
        assertEquals(PROMPT, new String(governor.executed().get(0).body(), StandardCharsets.UTF_8));
    }

    @Test
    void anOwnAnswerWhoseBodyTheRuntimeWatchesKeepsTheNativeResponseWithTheWatchedBody() throws Exception {
        AtomicInteger watched = new AtomicInteger();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request, FIRST_BYTE);
            return Answer.own(new WatchedBody(own, watched), own);
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals(200, response.getCode());
            assertEquals("{\"ok\":true}", EntityUtils.toString(response.getEntity()));
        }
        assertEquals("{\"ok\":true}".length(), watched.get());
    }

    @Test
    void theAppsOwnRequestSentAgainGoesOutAsTheAppMadeIt() throws Exception {
        primary.answering(LoopbackServer.rateLimitedOnceThen("{\"answer\":42}"));
        FakeGovernor governor = FakeGovernor.sendingTheAppsRequestAgain(FIRST_BYTE);

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals("{\"answer\":42}", EntityUtils.toString(response.getEntity()));
        }
        assertEquals(2, primary.received().size());
        for (LoopbackServer.Received sent : primary.received()) {
            assertEquals(PROMPT, sent.bodyText());
            assertEquals(String.valueOf(PROMPT.length()), sent.header("Content-Length"));
        }
    }

    @Test
    void aFailedOverCallReplaysTheBodyToTheBackupWithItsOwnKey() throws Exception {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{}"));
        backup.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"backup\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            return transport.send(toBackup(request), FIRST_BYTE);
        });
        NonRepeatable body = new NonRepeatable(PROMPT, PROMPT.length());

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, body))) {
            assertEquals("{\"from\":\"backup\"}", EntityUtils.toString(response.getEntity()));
        }
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals(PROMPT, backup.received().get(0).bodyText());
        assertEquals("Bearer backup-key", backup.received().get(0).header("Authorization"));
    }

    @Test
    void aRuntimeFailureLetsTheCallProceedAsIfTheAgentWereAbsent() throws Exception {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });
        NonRepeatable body = new NonRepeatable(PROMPT, PROMPT.length());

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, body))) {
            assertEquals(200, response.getCode());
        }
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void H4_aBodyOfKnownLengthOverTheCapIsSentOnceAsTheAppMadeItWithoutBeingRead() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(PROMPT.length() - 1);
        CountingEntity body = new CountingEntity(PROMPT, true);

        try (CloseableHttpResponse response = governedBy(governor)
                .execute(post(primary, body))) {
            assertEquals(200, response.getCode());
        }
        assertEquals(1, body.writes.get(), "the agent read a body it was never going to govern");
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aRepeatableBodyOfUnknownLengthPastTheCapIsSentWholeAsTheAppMadeIt() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(10);
        CountingEntity body = new CountingEntity(PROMPT, false);

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, body))) {
            assertEquals(200, response.getCode());
        }
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aNonRepeatableBodyOfUnknownLengthPassesThroughUnread() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached();
        NonRepeatable body = new NonRepeatable(PROMPT, -1);

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, body))) {
            assertEquals(200, response.getCode());
        }
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H1_aFallbacksRedirectIsNeverFollowedAndTheRuntimeSeesIt() throws Exception {
        backup.answering(exchange -> {
            exchange.getResponseHeaders().set("Location", elsewhere.uri("/steal").toString());
            LoopbackServer.respond(exchange, 307, "application/json", "{}");
        });
        List<Integer> seen = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse fallback = transport.send(toBackup(request), FIRST_BYTE);
            seen.add(fallback.status());
            fallback.close();
            return new BufferedResponse(503, HttpHeaders.EMPTY, new byte[0]);
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals(503, response.getCode());
        }
        assertEquals(List.of(307), seen);
        assertTrue(elsewhere.received().isEmpty(), "the client followed a fallback's redirect");
    }

    @Test
    void H1_aRedirectTheRuntimeHandsOnReachesTheAppWithoutItsLocation() throws Exception {
        HttpHeaders redirect = HttpHeaders.builder().add("Location", elsewhere.uri("/steal").toString()).build();
        FakeGovernor governor = new FakeGovernor(uri -> true,
                (request, transport) -> new BufferedResponse(307, redirect, new byte[0]));

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals(307, response.getCode());
            assertNull(response.getFirstHeader("Location"));
        }
        assertTrue(elsewhere.received().isEmpty(), "the app's client followed a made redirect with the app's key");
    }

    @Test
    void H5_aKeepAliveOnlyStreamIsAbortedAtOnceAndTheTimersNextDeadlineRuns() throws Exception {
        primary.answering(KeepAliveOnly::answer);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse stream = transport.send(request, FIRST_BYTE);
            try {
                KeepAliveOnly.abortOnOneTimerThread(stream);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return new BufferedResponse(504, HttpHeaders.EMPTY, new byte[0]);
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals(504, response.getCode());
        }
    }

    @Test
    void M1_theAppCancellingItsRequestEndsTheCallWithoutFailover() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toBackup, FIRST_BYTE);
        HttpPost request = post(primary, PROMPT);
        CloseableHttpClient client = governedBy(governor);
        Future<?> call = app.submit(() -> client.execute(request, response -> response.getCode()));
        assertTrue(arrived.await(10, TimeUnit.SECONDS));

        request.cancel();

        assertInstanceOf(IOException.class, assertThrows(ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS)).getCause());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty(), "the call was failed over after the app cancelled it");
    }

    @Test
    void M1_anInterruptedCallEndsWithoutFailover() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        CloseableHttpClient client = governedBy(FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toBackup, FIRST_BYTE));
        CountDownLatch ended = new CountDownLatch(1);
        Future<?> call = app.submit(() -> {
            try {
                return client.execute(post(primary, PROMPT), response -> response.getCode());
            } finally {
                ended.countDown();
            }
        });
        assertTrue(arrived.await(10, TimeUnit.SECONDS));

        call.cancel(true);

        assertTrue(ended.await(10, TimeUnit.SECONDS));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty(), "the call was failed over after the app's thread was interrupted");
    }

    @Test
    void M1_theAppsOwnResponseTimeoutEndsTheCallAsItsOwnTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        HttpPost request = post(primary, PROMPT);
        request.setConfig(RequestConfig.custom().setResponseTimeout(Timeout.ofMilliseconds(200)).build());

        assertThrows(SocketTimeoutException.class,
                () -> governedBy(FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toBackup, FIRST_BYTE)).execute(request, response -> response.getCode()));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty());
    }

    @Test
    void noHeadWithinTheAgentsDeadlineReachesTheAppAsAReadTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());

        assertThrows(SocketTimeoutException.class, () -> governedBy(FakeGovernor.passThrough(Duration.ofMillis(200)))
                .execute(post(primary, PROMPT), response -> response.getCode()));
    }

    private CloseableHttpClient governedBy(CallRunner governor) {
        HttpClientBuilder builder = HttpClients.custom().disableAutomaticRetries();
        Apache5Adapter adapter = new Apache5Adapter(() -> governor);
        adapter.classicBuilding(builder);
        adapter.classicBuilding(builder);
        client = builder.build();
        return client;
    }

    private LlmRequest toBackup(LlmRequest request) {
        return request.withUri(backup.uri("/v1/chat/completions"))
                .withHeaders(request.headers().with("Authorization", "Bearer backup-key"));
    }

    private static HttpPost post(LoopbackServer server, String body) {
        return post(server, new StringEntity(body, ContentType.APPLICATION_JSON));
    }

    private static HttpPost post(LoopbackServer server, HttpEntity body) {
        HttpPost post = new HttpPost(server.uri("/v1/chat/completions"));
        post.setHeader("Authorization", "Bearer app-key");
        post.setEntity(body);
        return post;
    }

    /** A repeatable body that counts how often it is written, its length declared or not. */
    private static final class CountingEntity extends HttpEntityWrapper {
        private final boolean lengthKnown;
        final AtomicInteger writes = new AtomicInteger();

        CountingEntity(String body, boolean lengthKnown) {
            super(new StringEntity(body, ContentType.APPLICATION_JSON));
            this.lengthKnown = lengthKnown;
        }

        @Override
        public long getContentLength() {
            return lengthKnown ? super.getContentLength() : -1;
        }

        @Override
        public boolean isChunked() {
            return !lengthKnown;
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            writes.incrementAndGet();
            super.writeTo(out);
        }
    }

    /** A body that can be read once only, like a stream the app hands over. */
    private static final class NonRepeatable extends InputStreamEntity {
        NonRepeatable(String body, long length) {
            super(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), length, ContentType.APPLICATION_JSON);
        }
    }
}
