package io.llmfailover.agent.client.apache4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.KeepAliveOnly;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.http.HttpEntity;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.HttpEntityWrapper;
import org.apache.http.entity.InputStreamEntity;
import org.apache.http.entity.StringEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.impl.client.LaxRedirectStrategy;
import org.apache.http.impl.execchain.ClientExecChain;
import org.apache.http.util.EntityUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Apache4AdapterTest {

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
            assertEquals(200, response.getStatusLine().getStatusCode());
        }
        assertEquals(1, body.writes.get(), "only the client wrote the body");
    }

    @Test
    void anUntouchedFirstAttemptGivesTheAppTheClientsNativeResponse() throws Exception {
        AtomicReference<HttpEntity> nativeEntity = new AtomicReference<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request, FIRST_BYTE);
            nativeEntity.set(((CloseableHttpResponse) ((NativeResponse<?>) own).nativeResponse()).getEntity());
            return own;
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertSame(nativeEntity.get(), response.getEntity(), "the client's own response, not one rebuilt");
            assertEquals("{\"ok\":true}", EntityUtils.toString(response.getEntity()));
        }
    }

    @Test
    void anOwnAnswerWhoseBodyTheRuntimeReplacedKeepsTheNativeResponseWithThatBody() throws Exception {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request, FIRST_BYTE);
            return Answer.own(new io.llmfailover.runtime.contract.RelayedResponse(own, own.headers(), own.body()), own);
        });

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertEquals("application/json", response.getFirstHeader("Content-Type").getValue());
            assertEquals("{\"ok\":true}", EntityUtils.toString(response.getEntity()));
        }
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

        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, new NonRepeatable(PROMPT, PROMPT.length())))) {
            assertEquals("{\"from\":\"backup\"}", EntityUtils.toString(response.getEntity()));
        }
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals(PROMPT, backup.received().get(0).bodyText());
        assertEquals("Bearer backup-key", backup.received().get(0).header("Authorization"));
    }

    @Test
    void H4_aBodyOfKnownLengthOverTheCapIsSentOnceAsTheAppMadeItWithoutBeingRead() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(PROMPT.length() - 1);
        CountingEntity body = new CountingEntity(PROMPT, true);

        try (CloseableHttpResponse response = governedBy(governor)
                .execute(post(primary, body))) {
            assertEquals(200, response.getStatusLine().getStatusCode());
        }
        assertEquals(1, body.writes.get(), "the agent read a body it was never going to govern");
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aRepeatableBodyOfUnknownLengthPastTheCapIsSentWholeAsTheAppMadeIt() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(10);
        try (CloseableHttpResponse response = governedBy(governor)
                .execute(post(primary, new CountingEntity(PROMPT, false)))) {
            assertEquals(200, response.getStatusLine().getStatusCode());
        }
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aNonRepeatableBodyOfUnknownLengthPassesThroughUnread() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached();
        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, new NonRepeatable(PROMPT, -1)))) {
            assertEquals(200, response.getStatusLine().getStatusCode());
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
            assertEquals(503, response.getStatusLine().getStatusCode());
        }
        assertEquals(List.of(307), seen);
        assertTrue(elsewhere.received().isEmpty(), "the client followed a fallback's redirect");
    }

    @Test
    void H1_aRedirectTheRuntimeHandsOnIsNeverFollowedWithTheAppsKey() throws Exception {
        HttpHeaders redirect = HttpHeaders.builder().add("Location", elsewhere.uri("/steal").toString()).build();
        FakeGovernor governor = new FakeGovernor(uri -> true,
                (request, transport) -> new BufferedResponse(303, redirect, new byte[0]));

        // HttpClient 4 counts a 303 as a redirect even without a Location: the call then fails rather than leaks.
        try (CloseableHttpResponse response = governedBy(governor).execute(post(primary, PROMPT))) {
            assertNull(response.getFirstHeader("Location"));
        } catch (IOException refusedToFollow) {
            // the app's redirect stage found no Location to follow
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
            assertEquals(504, response.getStatusLine().getStatusCode());
        }
    }

    @Test
    void M1_theAppAbortingItsRequestEndsTheCallWithoutFailover() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        HttpPost request = post(primary, PROMPT);
        CloseableHttpClient client = governedBy(FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toBackup, FIRST_BYTE));
        Future<?> call = app.submit(() -> client.execute(request, response -> response.getStatusLine().getStatusCode()));
        assertTrue(arrived.await(10, TimeUnit.SECONDS));

        request.abort();

        assertThrows(java.util.concurrent.ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty(), "the call was failed over after the app aborted it");
    }

    @Test
    void M1_theAppsOwnSocketTimeoutEndsTheCallAsItsOwnTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        HttpPost request = post(primary, PROMPT);
        request.setConfig(RequestConfig.custom().setSocketTimeout(200).build());

        assertThrows(SocketTimeoutException.class, () -> governedBy(FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(30), this::toBackup, FIRST_BYTE))
                .execute(request, response -> response.getStatusLine().getStatusCode()));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty());
    }

    private CloseableHttpClient governedBy(CallRunner governor) {
        Apache4Adapter adapter = new Apache4Adapter(() -> governor);
        HttpClientBuilder builder = new HttpClientBuilder() {
            @Override
            protected ClientExecChain decorateProtocolExec(ClientExecChain protocolExec) {
                return (ClientExecChain) adapter.decorateProtocolExec(protocolExec);
            }
        };
        client = builder.disableAutomaticRetries().setRedirectStrategy(new LaxRedirectStrategy()).build();
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
