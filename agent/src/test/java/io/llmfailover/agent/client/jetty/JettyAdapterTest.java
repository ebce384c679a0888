package io.llmfailover.agent.client.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.AsyncRequestContent;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter driven as the advice on {@code HttpRequest.sendAsync} drives it: a send it takes
 * over skips Jetty's own, one it declines goes on as Jetty's; the app's abort is handed to it as
 * the advice on {@code abort} hands it.
 */
class JettyAdapterTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";
    private static final long WAIT_SECONDS = 10;

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();
    private final HttpClient client = new HttpClient();
    private JettyAdapter adapter;

    @BeforeEach
    void start() throws Exception {
        client.start();
    }

    @AfterEach
    void close() throws Exception {
        client.stop();
        primary.close();
        backup.close();
    }

    private HttpRequest chatPost(LoopbackServer server) {
        return (HttpRequest) client.newRequest(server.uri("/v1/chat/completions"))
                .method(HttpMethod.POST)
                .headers(headers -> headers.put("Authorization", "Bearer app-key"))
                .body(new StringRequestContent("application/json", CHAT));
    }

    /** What the advice does: the adapter takes the send over, or Jetty sends it. */
    private void send(CallRunner governor, HttpRequest request, Response.CompleteListener listener) {
        adapter = new JettyAdapter(() -> governor);
        if (!adapter.send(request, client.resolveDestination(request), listener)) {
            request.send(listener);
        }
    }

    private Buffered sendBuffered(CallRunner governor, HttpRequest request) throws Exception {
        Buffered listener = new Buffered();
        send(governor, request, listener);
        return listener;
    }

    @Test
    void aCallTheRuntimeDoesNotGovernIsLeftToJetty() throws Exception {
        HttpRequest request = chatPost(primary);
        JettyAdapter notGoverning = new JettyAdapter(FakeGovernor::governingNothing);

        assertFalse(notGoverning.send(request, client.resolveDestination(request), new Buffered()));
    }

    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() throws Exception {
        HttpRequest models = (HttpRequest) client.newRequest(primary.uri("/v1/models"))
                .headers(headers -> headers.put("Authorization", "Bearer app-key").put("x-llm-route", "budget"));

        Buffered answer = sendBuffered(FakeGovernor.governingNothingAtAProvidersHost(), models);

        assertEquals(200, answer.result().getResponse().getStatus());
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
    }

    @Test
    void aGovernedCallGivesTheRuntimeTheBodyAndContentTypeAndTheAppTheProvidersAnswer() throws Exception {
        FakeGovernor governor = FakeGovernor.passThrough(Duration.ofSeconds(5));
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("x-provider", "primary");
            LoopbackServer.respond(exchange, 200, "application/json", "{\"answer\":42}");
        });

        Buffered app = sendBuffered(governor, chatPost(primary));
        Result result = app.result();

        assertTrue(result.isSucceeded(), String.valueOf(result.getFailure()));
        assertEquals(200, result.getResponse().getStatus());
        assertEquals("primary", result.getResponse().getHeaders().get("x-provider"));
        assertEquals("{\"answer\":42}", app.getContentAsString());
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

        Buffered app = sendBuffered(governor, chatPost(primary));
        Result result = app.result();

        assertEquals(List.of(503), statuses);
        assertEquals(200, result.getResponse().getStatus());
        assertEquals("{\"from\":\"backup\"}", app.getContentAsString());
        LoopbackServer.Received replayed = backup.received().get(0);
        assertEquals("Bearer backup-key", replayed.header("Authorization"));
        assertEquals(CHAT, replayed.bodyText());
        assertTrue(replayed.header("Content-Type").startsWith("application/json"));
    }

    @Test
    void aProviderSilentPastTheFirstContentDeadlineFailsTheAppsCallAsJettysTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());

        Result result = sendBuffered(FakeGovernor.passThrough(Duration.ofMillis(200)), chatPost(primary)).result();

        assertInstanceOf(TimeoutException.class, result.getFailure());
    }

    @Test
    void aStreamReachesTheAppsInputStreamEventByEventWhileTheProviderIsStillSending() throws Exception {
        CountDownLatch firstEventRead = new CountDownLatch(1);
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            firstEventRead.await(WAIT_SECONDS, TimeUnit.SECONDS);
            out.write("data: two\n\n".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        InputStreamResponseListener listener = new InputStreamResponseListener();

        send(FakeGovernor.passThrough(Duration.ofSeconds(5)), chatPost(primary), listener);

        assertEquals(200, listener.get(WAIT_SECONDS, TimeUnit.SECONDS).getStatus());
        try (InputStream body = listener.getInputStream()) {
            assertEquals("data: one\n\n", event(body, "data: one\n\n".length()));
            firstEventRead.countDown();
            assertEquals("data: two\n\n", event(body, "data: two\n\n".length()));
            assertEquals(-1, body.read());
        }
    }

    /**
     * The next {@code length} bytes, read without ever asking for none: Jetty's stream waits for a
     * chunk even then, as {@code readNBytes} does once it has all it wanted.
     */
    private static String event(InputStream body, int length) throws IOException {
        byte[] bytes = new byte[length];
        int read = 0;
        while (read < length) {
            int count = body.read(bytes, read, length - read);
            if (count < 0) {
                break;
            }
            read += count;
        }
        return new String(bytes, 0, read, StandardCharsets.UTF_8);
    }

    @Test
    void theAppsAbortEndsItsCallAndAbortsTheAttemptInFlight() throws Exception {
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
        HttpRequest request = chatPost(primary);
        Buffered app = sendBuffered(governor, request);
        assertTrue(arrived.await(WAIT_SECONDS, TimeUnit.SECONDS), "the attempt never reached the provider");

        IllegalStateException cause = new IllegalStateException("the app gave up");
        request.abort(cause);
        adapter.aborted(request, cause);

        assertTrue(attemptEnded.await(WAIT_SECONDS, TimeUnit.SECONDS), "the attempt was still waiting after the app aborted");
        assertEquals(cause, app.result().getFailure());
    }

    @Test
    void theAppsAbortWhileTheBodyIsRelayedEndsItsCallWithItsCause() throws Exception {
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            primary.holdUntilReleased();
        });
        HttpRequest request = chatPost(primary);
        InputStreamResponseListener listener = new InputStreamResponseListener();
        send(FakeGovernor.passThrough(Duration.ofSeconds(5)), request, listener);
        assertEquals(200, listener.get(WAIT_SECONDS, TimeUnit.SECONDS).getStatus());
        assertEquals("data: one\n\n", event(listener.getInputStream(), "data: one\n\n".length()));

        IllegalStateException cause = new IllegalStateException("the app stopped reading");
        request.abort(cause);
        adapter.aborted(request, cause);

        assertEquals(cause, listener.await(WAIT_SECONDS, TimeUnit.SECONDS).getFailure());
    }

    @Test
    void contentThatCannotBeRewoundIsSentOnceAsTheAppMadeIt() throws Exception {
        AsyncRequestContent content = new AsyncRequestContent("application/json");
        HttpRequest request = (HttpRequest) client.newRequest(primary.uri("/v1/chat/completions"))
                .method(HttpMethod.POST).body(content);
        FakeGovernor governor = FakeGovernor.neverReached();

        Buffered app = sendBuffered(governor, request);
        content.write(ByteBuffer.wrap(CHAT.getBytes(StandardCharsets.UTF_8)), Callback.NOOP);
        content.close();

        assertTrue(app.result().isSucceeded(), String.valueOf(app.result().getFailure()));
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
        assertTrue(governor.executed().isEmpty());
    }

    /** The app's whole answer, as {@code send()} buffers it. */
    private static final class Buffered extends BufferingResponseListener {
        private final CompletableFuture<Result> done = new CompletableFuture<>();

        @Override
        public void onComplete(Result result) {
            done.complete(result);
        }

        Result result() throws InterruptedException, ExecutionException, TimeoutException {
            return done.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }
}
