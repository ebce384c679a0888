package io.llmfailover.agent.apache5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
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
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
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

    private CloseableHttpAsyncClient governedBy(CallGovernor governor) {
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
    void aProviderSilentPastTheFirstByteTimeoutFailsTheAppsCallAsAReadTimeout() throws Exception {
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
