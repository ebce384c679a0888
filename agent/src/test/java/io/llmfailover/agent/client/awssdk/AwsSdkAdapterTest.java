package io.llmfailover.agent.client.awssdk;

import static io.llmfailover.agent.client.awssdk.AppHandler.WAIT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;

/**
 * The adapter driven as the advice on {@code NettyNioAsyncHttpClient.execute} drives it, with a
 * request as the SDK's {@code BedrockRuntimeAsyncClient} makes it (SigV4-signed, a session token,
 * its JSON body behind a content publisher), against a real Netty client: a call it takes over is
 * answered to the SDK's handler, one it declines goes on as the client's own.
 */
class AwsSdkAdapterTest {

    static final String CONVERSE = "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"hi\"}]}]}";
    static final String PATH = "/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse";

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();
    /** One client for the class: closing one waits out its event loops' quiet period. */
    private static final SdkAsyncHttpClient client = NettyNioAsyncHttpClient.builder().build();

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @AfterEach
    void close() {
        primary.close();
        backup.close();
    }

    /** A Converse request as the SDK signs it with session credentials, for this test and the sync one. */
    static SdkHttpRequest converse(LoopbackServer server, String... extraHeaders) {
        SdkHttpRequest.Builder request = SdkHttpRequest.builder()
                .uri(server.uri(PATH))
                .method(SdkHttpMethod.POST)
                .putHeader("Authorization", "AWS4-HMAC-SHA256 Credential=AKIDAPP/20261205/us-east-1/bedrock/aws4_request, "
                        + "SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=0123abcd")
                .putHeader("X-Amz-Date", "20261205T041500Z")
                .putHeader("X-Amz-Security-Token", "app-session-token")
                .putHeader("Content-Type", "application/json")
                .putHeader("Content-Length", Integer.toString(CONVERSE.getBytes(StandardCharsets.UTF_8).length));
        for (int i = 0; i < extraHeaders.length; i += 2) {
            request.putHeader(extraHeaders[i], extraHeaders[i + 1]);
        }
        return request.build();
    }

    /** What the advice does: the adapter takes the call over, or the client runs it. */
    private CompletableFuture<Void> execute(CallRunner governor, SdkHttpRequest request, AppHandler handler) {
        AsyncExecuteRequest app = AsyncExecuteRequest.builder()
                .request(request)
                .requestContentPublisher(ContentBytes.publisher(CONVERSE.getBytes(StandardCharsets.UTF_8)))
                .responseHandler(handler)
                .build();
        CompletableFuture<Void> taken = new AwsSdkAdapter(() -> governor).execute(client, app);
        return taken != null ? taken : client.execute(app);
    }

    @Test
    void aCallTheRuntimeDoesNotGovernIsLeftToTheClient() throws Exception {
        AsyncExecuteRequest app = AsyncExecuteRequest.builder()
                .request(converse(primary))
                .requestContentPublisher(ContentBytes.publisher(CONVERSE.getBytes(StandardCharsets.UTF_8)))
                .responseHandler(new AppHandler())
                .build();

        assertNull(new AwsSdkAdapter(FakeGovernor::governingNothing).execute(client, app));
    }

    @Test
    void theAgentsOwnAttemptsAreLeftToTheClient() {
        AsyncExecuteRequest attempt = AsyncExecuteRequest.builder()
                .request(converse(primary))
                .requestContentPublisher(ContentBytes.publisher(new byte[0]))
                .responseHandler(new AttemptHandler())
                .build();

        assertNull(new AwsSdkAdapter(FakeGovernor::neverReached).execute(client, attempt));
    }

    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() throws Exception {
        AppHandler handler = new AppHandler();

        execute(FakeGovernor.governingNothingAtAProvidersHost(), converse(primary, "x-llm-route", "budget"), handler)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(200, handler.head().statusCode());
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("app-session-token", received.header("X-Amz-Security-Token"));
        assertEquals(CONVERSE, received.bodyText());
    }

    @Test
    void aGovernedCallGivesTheRuntimeTheSignedRequestAndHandsTheSdkTheProvidersAnswer() throws Exception {
        FakeGovernor governor = FakeGovernor.passThrough(Duration.ofSeconds(5));
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("x-amzn-RequestId", "req-1");
            LoopbackServer.respond(exchange, 200, "application/json", "{\"output\":{}}");
        });
        AppHandler handler = new AppHandler();

        CompletableFuture<Void> ended = execute(governor, converse(primary), handler);

        assertEquals(200, handler.head().statusCode());
        assertEquals("req-1", handler.head().firstMatchingHeader("x-amzn-RequestId").orElseThrow());
        assertEquals("{\"output\":{}}", handler.body());
        ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotEquals(Thread.currentThread().getName(), handler.threads.get(0));
        LlmRequest seen = governor.executed().get(0);
        assertEquals(CONVERSE, new String(seen.body(), StandardCharsets.UTF_8));
        assertEquals(primary.uri(PATH), seen.uri());
        assertEquals("app-session-token", seen.headers().first("X-Amz-Security-Token").orElseThrow());
        LoopbackServer.Received sent = primary.received().get(0);
        assertEquals(CONVERSE, sent.bodyText());
        assertTrue(sent.header("Authorization").startsWith("AWS4-HMAC-SHA256"), "the app's own signature goes to its own host");
    }

    @Test
    void aThrottledAttemptIsReplayedToAnotherProviderWithOnlyTheHeadersTheRuntimeGaveIt() throws Exception {
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("x-amzn-ErrorType", "ThrottlingException:http://internal.amazon.com/");
            LoopbackServer.respond(exchange, 429, "application/json", "{\"message\":\"Too many requests\"}");
        });
        backup.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"backup\"}"));
        List<Integer> statuses = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, Duration.ofSeconds(5));
            statuses.add(first.status());
            first.close();
            HttpHeaders backupHeaders = HttpHeaders.builder()
                    .add("Content-Type", "application/json")
                    .add("Authorization", "Bearer backup-key")
                    .build();
            return transport.send(new LlmRequest("POST", backup.uri("/v1/chat/completions"), backupHeaders,
                    "{\"translated\":true}".getBytes(StandardCharsets.UTF_8)), Duration.ofSeconds(5));
        });
        AppHandler handler = new AppHandler();

        CompletableFuture<Void> ended = execute(governor, converse(primary), handler);

        assertEquals(200, handler.head().statusCode());
        assertEquals(List.of(429), statuses);
        assertEquals("{\"from\":\"backup\"}", handler.body());
        ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
        LoopbackServer.Received replayed = backup.received().get(0);
        assertEquals("/v1/chat/completions", replayed.path());
        assertEquals("{\"translated\":true}", replayed.bodyText());
        assertEquals("Bearer backup-key", replayed.header("Authorization"));
        assertNull(replayed.header("X-Amz-Security-Token"), "the app's session token never leaves its own host");
        assertNull(replayed.header("X-Amz-Date"));
    }

    @Test
    void aStreamReachesTheSdkChunkByChunkWhileTheProviderIsStillSending() throws Exception {
        CountDownLatch firstChunkRead = new CountDownLatch(1);
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/vnd.amazon.eventstream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write("first-event".getBytes(StandardCharsets.UTF_8));
            out.flush();
            firstChunkRead.await(WAIT_SECONDS, TimeUnit.SECONDS);
            out.write("second-event".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request, Duration.ofSeconds(5));
            return new RelayedForTest(own); // the runtime relays a stream it reads, as it does a translated one
        });
        AppHandler handler = new AppHandler();
        handler.onFirstChunk = firstChunkRead::countDown;

        execute(governor, converse(primary), handler);

        assertEquals("first-eventsecond-event", handler.body());
        assertEquals("first-event", handler.chunks.get(0), "the first event reached the SDK before the second was sent");
    }

    @Test
    void aProviderSilentPastTheHeadDeadlineFailsTheCallAsTheClientsReadTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());
        AppHandler handler = new AppHandler();

        CompletableFuture<Void> ended = execute(FakeGovernor.passThrough(Duration.ofMillis(200)), converse(primary), handler);

        ExecutionException failed = assertThrows(ExecutionException.class, handler::head);
        assertInstanceOf(IOException.class, failed.getCause());
        assertTrue(failed.getCause().getMessage().startsWith("Read timed out"), failed.getCause().getMessage());
        // The handler hears of the failure first, then the execution's future ends, as the SDK's own clients do.
        assertThrows(ExecutionException.class, () -> ended.get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void theSdkGivingUpOnItsCallCutsTheAttemptAndTellsItsHandlerNothingMore() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        primary.answering(exchange -> {
            asked.countDown();
            primary.holdUntilReleased();
        });
        CompletableFuture<IOException> runtimeSaw = new CompletableFuture<>();
        FakeGovernor governor = FakeGovernor.passThroughTelling(Duration.ofSeconds(30), runtimeSaw::complete);
        AppHandler handler = new AppHandler();

        CompletableFuture<Void> ended = execute(governor, converse(primary), handler);
        assertTrue(asked.await(WAIT_SECONDS, TimeUnit.SECONDS));
        ended.completeExceptionally(new IllegalStateException("the SDK's attempt timeout"));

        assertInstanceOf(CallAbandonedException.class, runtimeSaw.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertFalse(handler.head.isDone(), "the SDK, which gave up, hears nothing more");
    }

    /** An answer the runtime made from the provider's: its body read through, never the client's own publisher. */
    private record RelayedForTest(LlmResponse own) implements LlmResponse {
        @Override
        public int status() {
            return own.status();
        }

        @Override
        public HttpHeaders headers() {
            return own.headers();
        }

        @Override
        public InputStream body() {
            return own.body();
        }

        @Override
        public void close() {
            own.close();
        }
    }
}
