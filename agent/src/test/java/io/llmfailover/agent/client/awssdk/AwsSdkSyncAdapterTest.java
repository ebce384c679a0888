package io.llmfailover.agent.client.awssdk;

import static io.llmfailover.agent.client.awssdk.AppHandler.WAIT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * The adapter at a sync client's {@code prepareRequest}, driven as its advice drives it, with a
 * request as {@code BedrockRuntimeClient} makes it (SigV4-signed, a session token), on the SDK's
 * URLConnection client: the SDK calls what {@code prepareRequest} returned.
 */
class AwsSdkSyncAdapterTest {

    private static final SdkHttpClient client = UrlConnectionHttpClient.builder().build();

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @AfterEach
    void close() {
        primary.close();
        backup.close();
    }

    private static HttpExecuteRequest converse(LoopbackServer server) {
        return HttpExecuteRequest.builder().request(AwsSdkAdapterTest.converse(server))
                .contentStreamProvider(ContentStreamProvider.fromUtf8String(AwsSdkAdapterTest.CONVERSE)).build();
    }

    private static ExecutableHttpRequest prepare(FakeGovernor governor, HttpExecuteRequest request) {
        return new AwsSdkAdapter(() -> governor).prepareRequest(client, request, client.prepareRequest(request));
    }

    private static String bodyOf(HttpExecuteResponse response) throws IOException {
        try (InputStream body = response.responseBody().orElseThrow()) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aCallTheRuntimeDoesNotGovernKeepsTheRequestTheClientPrepared() {
        HttpExecuteRequest request = converse(primary);
        ExecutableHttpRequest prepared = client.prepareRequest(request);

        assertSame(prepared, new AwsSdkAdapter(FakeGovernor::governingNothing).prepareRequest(client, request, prepared));
    }

    @Test
    void aThrottledAttemptIsReplayedToAnotherProviderWithOnlyTheHeadersTheRuntimeGaveIt() throws Exception {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 429, "application/json", "{\"message\":\"slow down\"}"));
        backup.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"backup\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, Duration.ofSeconds(5));
            assertEquals(429, first.status());
            first.close();
            return transport.send(new LlmRequest("POST", backup.uri("/v1/chat/completions"),
                    HttpHeaders.builder().add("Content-Type", "application/json").add("Authorization", "Bearer backup-key").build(),
                    "{\"translated\":true}".getBytes(StandardCharsets.UTF_8)), Duration.ofSeconds(5));
        });

        HttpExecuteResponse response = prepare(governor, converse(primary)).call();

        assertEquals(200, response.httpResponse().statusCode());
        assertEquals("{\"from\":\"backup\"}", bodyOf(response));
        assertEquals(AwsSdkAdapterTest.CONVERSE, primary.received().get(0).bodyText());
        assertEquals("app-session-token", primary.received().get(0).header("X-Amz-Security-Token"));
        LoopbackServer.Received replayed = backup.received().get(0);
        assertEquals("{\"translated\":true}", replayed.bodyText());
        assertEquals("Bearer backup-key", replayed.header("Authorization"));
        assertNull(replayed.header("X-Amz-Security-Token"), "the app's session token never leaves its own host");
    }

    @Test
    void theSdkAbortingTheCallAbortsTheAttemptInFlightAndTheRuntimeTriesNothingMore() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        primary.answering(exchange -> {
            asked.countDown();
            primary.holdUntilReleased();
        });
        CompletableFuture<IOException> runtimeSaw = new CompletableFuture<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (IOException e) {
                runtimeSaw.complete(e);
                throw e;
            }
        });
        ExecutableHttpRequest governed = prepare(governor, converse(primary));
        CompletableFuture<HttpExecuteResponse> called = CompletableFuture.supplyAsync(() -> {
            try {
                return governed.call();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        assertTrue(asked.await(WAIT_SECONDS, TimeUnit.SECONDS));
        governed.abort();

        assertInstanceOf(CallAbandonedException.class, runtimeSaw.get(WAIT_SECONDS, TimeUnit.SECONDS));
        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> called.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, failed.getCause().getCause());
    }
}
