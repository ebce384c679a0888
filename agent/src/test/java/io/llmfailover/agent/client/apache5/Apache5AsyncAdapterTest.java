package io.llmfailover.agent.client.apache5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.KeepAliveOnly;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.telemetry.otel.CallerSpan;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.async.methods.AbstractCharResponseConsumer;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.entity.BasicAsyncEntityProducer;
import org.apache.hc.core5.http.nio.support.AsyncRequestBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Apache5AsyncAdapterTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();
    private CloseableHttpAsyncClient client;

    @AfterEach
    void close() throws IOException {
        if (client != null) {
            client.close();
        }
        primary.close();
        backup.close();
    }

    private CloseableHttpAsyncClient governedBy(CallRunner governor) {
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom();
        Apache5Adapter adapter = new Apache5Adapter(() -> governor);
        adapter.asyncBuilding(builder);
        adapter.asyncBuilding(builder);
        client = builder.build();
        client.start();
        return client;
    }

    private SimpleHttpRequest chatPost(LoopbackServer server) {
        return SimpleRequestBuilder.post(server.uri("/v1/chat/completions"))
                .setHeader("Authorization", "Bearer app-key")
                .setBody(CHAT, ContentType.APPLICATION_JSON)
                .build();
    }

    @Test
    void aCallTheRuntimeDoesNotGovernGoesThroughUntouched() throws Exception {
        SimpleHttpResponse response = governedBy(FakeGovernor.governingNothing()).execute(chatPost(primary), null)
                .get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertEquals("{\"ok\":true}", response.getBodyText());
        assertEquals(CHAT, primary.received().get(0).bodyText());
    }

    @Test
    void aGovernedCallGivesTheRuntimeTheBodyAndContentTypeAndTheAppTheProvidersAnswer() throws Exception {
        FakeGovernor governor = FakeGovernor.passThrough(Duration.ofSeconds(5));
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("x-provider", "primary");
            LoopbackServer.respond(exchange, 200, "application/json", "{\"answer\":42}");
        });

        SimpleHttpResponse response = governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertEquals("{\"answer\":42}", response.getBodyText());
        assertEquals("primary", response.getFirstHeader("x-provider").getValue());
        LlmRequest seen = governor.executed().get(0);
        assertEquals(CHAT, new String(seen.body(), StandardCharsets.UTF_8));
        assertTrue(seen.headers().first("Content-Type").orElseThrow().startsWith("application/json"));
        assertEquals("Bearer app-key", seen.headers().first("Authorization").orElseThrow());
        assertEquals(CHAT, primary.received().get(0).bodyText());
    }

    @Test
    void aFailedAttemptIsReplayedToAnotherProviderWithItsOwnKeyAndTheAppSeesOnlyTheBackup() throws Exception {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"busy\"}"));
        backup.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"backup\"}"));
        List<Integer> statuses = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, Duration.ofSeconds(5));
            statuses.add(first.status());
            first.close();
            LlmRequest replay = new LlmRequest(request.method(), backup.uri("/v1/chat/completions"),
                    request.headers().with("Authorization", "Bearer backup-key"), request.body());
            return transport.send(replay, Duration.ofSeconds(5));
        });

        SimpleHttpResponse response = governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS);

        assertEquals(List.of(503), statuses);
        assertEquals(200, response.getCode());
        assertEquals("{\"from\":\"backup\"}", response.getBodyText());
        LoopbackServer.Received replayed = backup.received().get(0);
        assertEquals("Bearer backup-key", replayed.header("Authorization"));
        assertEquals(CHAT, replayed.bodyText());
        assertTrue(replayed.header("Content-Type").startsWith("application/json"));
    }

    @Test
    void theAppsOwnRequestSentAgainGoesOutAsTheAppMadeIt() throws Exception {
        primary.answering(LoopbackServer.rateLimitedOnceThen("{\"answer\":42}"));
        FakeGovernor governor = FakeGovernor.sendingTheAppsRequestAgain(Duration.ofSeconds(5));

        SimpleHttpResponse response = governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS);

        assertEquals("{\"answer\":42}", response.getBodyText());
        assertEquals(2, primary.received().size());
        for (LoopbackServer.Received sent : primary.received()) {
            assertEquals(CHAT, sent.bodyText());
            assertEquals(String.valueOf(CHAT.length()), sent.header("Content-Length"));
        }
    }

    @Test
    void aProviderSilentPastTheFirstContentDeadlineFailsTheAppsCallAsAReadTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        Future<SimpleHttpResponse> call = governedBy(FakeGovernor.passThrough(Duration.ofMillis(200)))
                .execute(chatPost(primary), null);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS));

        assertInstanceOf(SocketTimeoutException.class, failure.getCause());
    }

    @Test
    void aStreamReachesTheAppsConsumerEventByEventWhileTheProviderIsStillSending() throws Exception {
        CountDownLatch firstEventSeen = new CountDownLatch(1);
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            firstEventSeen.await(10, TimeUnit.SECONDS);
            out.write("data: two\n\n".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        EventRecorder events = new EventRecorder(firstEventSeen);

        String body = governedBy(FakeGovernor.passThrough(Duration.ofSeconds(5)))
                .execute(SimpleRequestProducer.create(chatPost(primary)), events, null).get(10, TimeUnit.SECONDS);

        assertEquals("data: one\n\ndata: two\n\n", body);
        assertEquals(List.of("data: one\n\n", "data: two\n\n"), events.pieces);
    }

    @Test
    void theAppCancellingItsCallAbortsTheAttemptInFlight() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        CountDownLatch attemptEnded = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, null);
            } finally {
                attemptEnded.countDown();
            }
        });
        Future<SimpleHttpResponse> call = governedBy(governor).execute(chatPost(primary), null);
        assertTrue(arrived.await(10, TimeUnit.SECONDS), "the attempt never reached the provider");

        call.cancel(true);

        assertTrue(attemptEnded.await(10, TimeUnit.SECONDS), "the attempt was still waiting after the app cancelled");
    }

    @Test
    void H4_anErrorWhileTheAgentReadsTheBodyStillEndsTheAppsCallWhichGoesAheadAsMade() throws Exception {
        TestProducer body = new TestProducer(CHAT, true, true);
        body.failFirstRead = true;

        SimpleHttpResponse response = governedBy(FakeGovernor.passThrough(Duration.ofSeconds(5)))
                .execute(post(primary, body), SimpleResponseConsumer.create(), null).get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void H4_aBodyOfKnownLengthOverTheCapIsSentOnceAsTheAppMadeItWithoutBeingRead() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(CHAT.length() - 1);
        TestProducer body = new TestProducer(CHAT, true, true);

        SimpleHttpResponse response = governedBy(governor)
                .execute(post(primary, body), SimpleResponseConsumer.create(), null).get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertTrue(body.readOnlyByTheClient(), "the agent read a body it was never going to govern: " + body.readers);
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aRepeatableBodyOfUnknownLengthPastTheCapIsSentWholeAsTheAppMadeIt() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached().withBufferLimit(10);
        SimpleHttpResponse response = governedBy(governor)
                .execute(post(primary, new TestProducer(CHAT, false, true)), SimpleResponseConsumer.create(), null)
                .get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H4_aNonRepeatableBodyOfUnknownLengthPassesThroughUnread() throws Exception {
        FakeGovernor governor = FakeGovernor.neverReached();
        TestProducer body = new TestProducer(CHAT, false, false);

        SimpleHttpResponse response = governedBy(governor)
                .execute(post(primary, body), SimpleResponseConsumer.create(), null).get(10, TimeUnit.SECONDS);

        assertEquals(200, response.getCode());
        assertTrue(body.readOnlyByTheClient(), "the agent read a body it could not replay: " + body.readers);
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    
        assertTrue(governor.executed().isEmpty(), "a call that passes through reached the runtime");
    }

    @Test
    void H1_aFallbacksRedirectIsNeverFollowedAndTheRuntimeSeesIt() throws Exception {
        try (LoopbackServer elsewhere = new LoopbackServer()) {
            backup.answering(exchange -> {
                exchange.getResponseHeaders().set("Location", elsewhere.uri("/steal").toString());
                LoopbackServer.respond(exchange, 307, "application/json", "{}");
            });
            List<Integer> seen = new CopyOnWriteArrayList<>();
            FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
                LlmResponse fallback = transport.send(request.withUri(backup.uri("/v1/chat/completions")),
                        Duration.ofSeconds(5));
                seen.add(fallback.status());
                fallback.close();
                return new BufferedResponse(502, HttpHeaders.EMPTY, new byte[0]);
            });

            SimpleHttpResponse response = governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS);

            assertEquals(502, response.getCode());
            assertEquals(List.of(307), seen);
            assertTrue(elsewhere.received().isEmpty(), "the client followed a fallback's redirect");
        }
    }

    @Test
    void H1_aRedirectTheRuntimeHandsOnReachesTheAppWithoutItsLocation() throws Exception {
        try (LoopbackServer elsewhere = new LoopbackServer()) {
            HttpHeaders redirect = HttpHeaders.builder().add("Location", elsewhere.uri("/steal").toString()).build();
            FakeGovernor governor = new FakeGovernor(uri -> true,
                    (request, transport) -> new BufferedResponse(307, redirect, new byte[0]));

            SimpleHttpResponse response = governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS);

            assertEquals(307, response.getCode());
            assertNull(response.getFirstHeader("Location"));
            assertTrue(elsewhere.received().isEmpty(), "the app's client followed a made redirect with the app's key");
        }
    }

    @Test
    void H5_aKeepAliveOnlyStreamIsAbortedAtOnceAndTheTimersNextDeadlineRuns() throws Exception {
        primary.answering(KeepAliveOnly::answer);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse stream = transport.send(request, Duration.ofSeconds(5));
            try {
                KeepAliveOnly.abortOnOneTimerThread(stream);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return new BufferedResponse(504, HttpHeaders.EMPTY, new byte[0]);
        });

        assertEquals(504, governedBy(governor).execute(chatPost(primary), null).get(10, TimeUnit.SECONDS).getCode());
    }

    @Test
    void M1_cancellingTheAppsFutureStopsTheWalkAndCancelsTheFutureExactlyOnce() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        CountDownLatch walkEnded = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                if (e instanceof CallAbandonedException) {
                    throw e;
                }
                return transport.send(request.withUri(backup.uri("/v1/chat/completions")), Duration.ofSeconds(5));
            } finally {
                walkEnded.countDown();
            }
        });
        List<String> appHeard = new CopyOnWriteArrayList<>();
        Future<SimpleHttpResponse> call = governedBy(governor).execute(chatPost(primary), new FutureCallback<>() {
            @Override
            public void completed(SimpleHttpResponse result) {
                appHeard.add("completed");
            }

            @Override
            public void failed(Exception ex) {
                appHeard.add("failed");
            }

            @Override
            public void cancelled() {
                appHeard.add("cancelled");
            }
        });
        assertTrue(arrived.await(10, TimeUnit.SECONDS));

        call.cancel(true);

        assertTrue(walkEnded.await(10, TimeUnit.SECONDS));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(call.isCancelled());
        assertEquals(List.of("cancelled"), appHeard);
        assertTrue(backup.received().isEmpty(), "the call was failed over after the app cancelled it");
    }

    @Test
    void theAppsSpanIsCapturedOnItsOwnThreadBeforeTheCallMovesToTheAdapterExecutor() throws Exception {
        String traceId = "0af7651916cd43dd8448eb211c80319c";
        List<String> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            runtimeSaw.add(String.valueOf(CallerSpan.traceId()));
            return transport.send(request, Duration.ofSeconds(5));
        });
        CloseableHttpAsyncClient client = governedBy(governor);
        Span appSpan = Span.wrap(SpanContext.create(traceId, "b7ad6b7169203331", TraceFlags.getSampled(),
                TraceState.getDefault()));

        Future<SimpleHttpResponse> call;
        try (Scope current = appSpan.makeCurrent()) {
            call = client.execute(chatPost(primary), null);
        }

        assertEquals(200, call.get(10, TimeUnit.SECONDS).getCode());
        assertEquals(List.of(traceId), runtimeSaw);
    }

    private static org.apache.hc.core5.http.nio.AsyncRequestProducer post(LoopbackServer server, TestProducer body) {
        return AsyncRequestBuilder.post(server.uri("/v1/chat/completions"))
                .setHeader("Authorization", "Bearer app-key")
                .setEntity(body)
                .build();
    }

    /** The app's body: its length declared or not, repeatable or not; it records the threads that read it. */
    private static final class TestProducer implements AsyncEntityProducer {
        private final BasicAsyncEntityProducer bytes;
        private final boolean lengthKnown;
        private final boolean repeatable;
        private final List<String> readers = new CopyOnWriteArrayList<>();
        volatile boolean failFirstRead;

        TestProducer(String body, boolean lengthKnown, boolean repeatable) {
            this.bytes = new BasicAsyncEntityProducer(body, ContentType.APPLICATION_JSON);
            this.lengthKnown = lengthKnown;
            this.repeatable = repeatable;
        }

        boolean readOnlyByTheClient() {
            return readers.stream().allMatch(name -> name.startsWith("httpclient-dispatch"));
        }

        @Override
        public boolean isRepeatable() {
            return repeatable;
        }

        @Override
        public long getContentLength() {
            return lengthKnown ? bytes.getContentLength() : -1;
        }

        @Override
        public String getContentType() {
            return bytes.getContentType();
        }

        @Override
        public String getContentEncoding() {
            return null;
        }

        @Override
        public boolean isChunked() {
            return !lengthKnown;
        }

        @Override
        public java.util.Set<String> getTrailerNames() {
            return java.util.Set.of();
        }

        @Override
        public int available() {
            return bytes.available();
        }

        @Override
        public void produce(org.apache.hc.core5.http.nio.DataStreamChannel channel) throws IOException {
            readers.add(Thread.currentThread().getName());
            if (failFirstRead) {
                failFirstRead = false;
                throw new LinkageError("a class the body needs failed to load");
            }
            bytes.produce(channel);
        }

        @Override
        public void failed(Exception cause) {
            bytes.failed(cause);
        }

        @Override
        public void releaseResources() {
            bytes.releaseResources();
        }
    }

    /** Records the body as the app's consumer gets it; the first complete event lets the provider go on. */
    private static final class EventRecorder extends AbstractCharResponseConsumer<String> {
        private final CountDownLatch firstEventSeen;
        private final List<String> pieces = new CopyOnWriteArrayList<>();
        private final StringBuilder pending = new StringBuilder();
        private final StringBuilder all = new StringBuilder();

        EventRecorder(CountDownLatch firstEventSeen) {
            this.firstEventSeen = firstEventSeen;
        }

        @Override
        protected void start(HttpResponse response, ContentType contentType) {
            assertEquals(200, response.getCode());
        }

        @Override
        protected int capacityIncrement() {
            return Integer.MAX_VALUE;
        }

        @Override
        protected void data(CharBuffer src, boolean endOfStream) {
            pending.append(src);
            int end;
            while ((end = pending.indexOf("\n\n")) >= 0) {
                String event = pending.substring(0, end + 2);
                pending.delete(0, end + 2);
                pieces.add(event);
                all.append(event);
                firstEventSeen.countDown();
            }
        }

        @Override
        protected String buildResult() {
            return all.toString();
        }

        @Override
        public void failed(Exception cause) {
            // the future reports it
        }

        @Override
        public void releaseResources() {
            // nothing held
        }
    }
}
