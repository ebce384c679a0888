package io.llmfailover.agent.client.ktor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.engine.cio.CIO;
import io.ktor.client.plugins.HttpRequestTimeoutException;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpMethod;
import io.ktor.http.URLUtilsKt;
import io.ktor.http.content.OutgoingContent;
import io.ktor.http.content.TextContent;
import io.ktor.util.AttributesJvmKt;
import io.ktor.utils.io.ByteChannelCtorKt;
import io.ktor.utils.io.ByteReadChannel;
import io.ktor.utils.io.jvm.javaio.BlockingKt;
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
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import kotlin.ResultKt;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;
import kotlinx.coroutines.CompletableJob;
import kotlinx.coroutines.Job;
import kotlinx.coroutines.JobKt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter driven as the advice on {@code CIOEngine.execute} drives it, with the call context
 * Ktor's client pipeline gives the engine: a call it takes over is suspended and resumed with the
 * answer, one it declines goes on as the engine's own.
 */
class KtorAdapterTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";
    private static final long WAIT_SECONDS = 10;

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer backup = new LoopbackServer();
    private final HttpClientEngine engine = CIO.INSTANCE.create(config -> Unit.INSTANCE);

    @AfterEach
    void close() throws IOException {
        engine.close();
        primary.close();
        backup.close();
    }

    private HttpRequestData chatPost(LoopbackServer server, OutgoingContent body) {
        HeadersBuilder headers = new HeadersBuilder(8);
        headers.append("Authorization", "Bearer app-key");
        return new HttpRequestData(URLUtilsKt.Url(server.uri("/v1/chat/completions").toString()),
                HttpMethod.Companion.getPost(), headers.build(), body, JobKt.Job(null), AttributesJvmKt.Attributes(true));
    }

    private HttpRequestData chatPost(LoopbackServer server) {
        return chatPost(server, new TextContent(CHAT, ContentType.Application.INSTANCE.getJson(), null));
    }

    /** What the advice does: the adapter takes the call over, or the engine runs it. */
    private AppCall execute(CallRunner governor, HttpRequestData request) {
        AppCall app = new AppCall(engine, request.getExecutionContext());
        Object returned = new KtorAdapter(() -> governor).execute(engine, request, app);
        if (returned == null) {
            app.takenOver = false;
            returned = engine.execute(request, app);
        }
        if (returned != IntrinsicsKt.getCOROUTINE_SUSPENDED()) {
            app.resumeWith(returned);
        }
        return app;
    }

    @Test
    void aCallTheRuntimeDoesNotGovernIsLeftToTheEngine() throws Exception {
        AppCall app = execute(FakeGovernor.governingNothing(), chatPost(primary));

        assertFalse(app.takenOver);
        assertEquals(200, app.response().getStatusCode().getValue());
    }

    /** Ktor's request cannot change: the call goes out from a copy without the agent's header. */
    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() throws Exception {
        HeadersBuilder headers = new HeadersBuilder(8);
        headers.append("Authorization", "Bearer app-key");
        headers.append("x-llm-route", "budget");
        HttpRequestData models = new HttpRequestData(URLUtilsKt.Url(primary.uri("/v1/models").toString()),
                HttpMethod.Companion.getGet(), headers.build(), new OutgoingContent.NoContent() {}, JobKt.Job(null),
                AttributesJvmKt.Attributes(true));

        AppCall app = execute(FakeGovernor.governingNothingAtAProvidersHost(), models);

        assertEquals(200, app.response().getStatusCode().getValue());
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
    }

    @Test
    void aGovernedCallGivesTheRuntimeTheBodyAndContentTypeAndResumesTheAppWithTheProvidersAnswer() throws Exception {
        FakeGovernor governor = FakeGovernor.passThrough(Duration.ofSeconds(5));
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("x-provider", "primary");
            LoopbackServer.respond(exchange, 200, "application/json", "{\"answer\":42}");
        });

        AppCall app = execute(governor, chatPost(primary));
        HttpResponseData response = app.response();

        assertTrue(app.takenOver);
        assertNotEquals(Thread.currentThread().getName(), app.resumedOn);
        assertEquals(200, response.getStatusCode().getValue());
        assertEquals("primary", response.getHeaders().get("x-provider"));
        assertEquals("{\"answer\":42}", bodyText(response));
        LlmRequest seen = governor.executed().get(0);
        assertEquals(CHAT, new String(seen.body(), StandardCharsets.UTF_8));
        assertTrue(seen.headers().first("Content-Type").orElseThrow().startsWith("application/json"));
        assertEquals("Bearer app-key", seen.headers().first("Authorization").orElseThrow());
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
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
            URI fallback = backup.uri("/v1/chat/completions");
            return transport.send(new LlmRequest(request.method(), fallback,
                    request.headers().with("Authorization", "Bearer backup-key"), request.body()), Duration.ofSeconds(5));
        });

        HttpResponseData response = execute(governor, chatPost(primary)).response();

        assertEquals(List.of(503), statuses);
        assertEquals(200, response.getStatusCode().getValue());
        assertEquals("{\"from\":\"backup\"}", bodyText(response));
        LoopbackServer.Received replayed = backup.received().get(0);
        assertEquals("Bearer backup-key", replayed.header("Authorization"));
        assertEquals(CHAT, replayed.bodyText());
        assertTrue(replayed.header("Content-Type").startsWith("application/json"));
    }

    @Test
    void aProviderSilentPastTheFirstContentDeadlineFailsTheAppsCallAsKtorsRequestTimeout() throws Exception {
        primary.answering(exchange -> primary.holdUntilReleased());

        AppCall app = execute(FakeGovernor.passThrough(Duration.ofMillis(200)), chatPost(primary));

        assertInstanceOf(HttpRequestTimeoutException.class, app.failure());
    }

    @Test
    void aStreamReachesTheAppsChannelEventByEventWhileTheProviderIsStillSending() throws Exception {
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

        HttpResponseData response = execute(FakeGovernor.passThrough(Duration.ofSeconds(5)), chatPost(primary)).response();

        try (InputStream body = BlockingKt.toInputStream((ByteReadChannel) response.getBody(), null)) {
            assertEquals("data: one\n\n", event(body, "data: one\n\n".length()));
            firstEventRead.countDown();
            assertEquals("data: two\n\n", event(body, "data: two\n\n".length()));
            assertEquals(-1, body.read());
        }
    }

    @Test
    void theAppsCancellationEndsTheAttemptInFlightAndItsCall() throws Exception {
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
        AppCall app = execute(governor, chatPost(primary));
        assertTrue(arrived.await(WAIT_SECONDS, TimeUnit.SECONDS), "the attempt never reached the provider");

        app.callJob.cancel((CancellationException) null);

        assertTrue(attemptEnded.await(WAIT_SECONDS, TimeUnit.SECONDS), "the attempt was still waiting after the app cancelled");
        assertSame(app.callJob.getCancellationException(), app.failure(), "the app's coroutine ends with its own cancellation");
    }

    @Test
    void theAppsCancellationMidStreamClosesTheAnswerWhileItsReadWaitsForTheProvider() throws Exception {
        primary.answering(exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            exchange.getResponseBody().write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
            exchange.getResponseBody().flush();
            primary.holdUntilReleased(); // then silent: the read waits
        });
        CountDownLatch answerClosed = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true,
                (request, transport) -> closing(transport.send(request, Duration.ofSeconds(5)), answerClosed));
        AppCall app = execute(governor, chatPost(primary));
        InputStream body = BlockingKt.toInputStream((ByteReadChannel) app.response().getBody(), null);
        assertEquals("data: one\n\n", event(body, "data: one\n\n".length()));

        app.callJob.cancel((CancellationException) null);

        assertTrue(answerClosed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the answer was left to its provider");
    }

    /**
     * Ktor's {@code HttpTimeout} cancels the request's execution context with its {@code
     * HttpRequestTimeoutException} as the cause, which Ktor's statement then raises: the app's call
     * ends with that cancellation, the runtime takes it for the app's and tries no fallback.
     */
    @Test
    void theAppsRequestTimeoutEndsItsCallWithTheCancellationKtorRaisedAndNoFallback() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        primary.answering(exchange -> {
            arrived.countDown();
            primary.holdUntilReleased();
        });
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        HttpRequestData request = chatPost(primary);
        AppCall app = execute(failingOverToTheBackup(runtimeSaw), request);
        assertTrue(arrived.await(WAIT_SECONDS, TimeUnit.SECONDS), "the attempt never reached the provider");

        HttpRequestTimeoutException timeout = expireRequestTimeout(request);

        Throwable failure = app.failure();
        assertInstanceOf(CancellationException.class, failure, "the app's coroutine ends cancelled, as without the agent");
        assertSame(timeout, failure.getCause());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(backup.received().isEmpty(), "no fallback after the app's own timeout");
    }

    /** The app's timeout can expire before the agent sends anything (its start-up, a queue): nothing is sent then. */
    @Test
    void aCallTheAppGaveUpOnBeforeItsAttemptWasSentIsNeitherSentNorFailedOver() throws Exception {
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        HttpRequestData request = chatPost(primary);
        HttpRequestTimeoutException timeout = expireRequestTimeout(request);

        AppCall app = execute(failingOverToTheBackup(runtimeSaw), request);

        assertSame(timeout, app.failure().getCause());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(primary.received().isEmpty());
        assertTrue(backup.received().isEmpty());
    }

    /**
     * Ktor ends a call once every job of its call context did: a body the runtime read and closed
     * without its response (a resumed stream's broken part, its continuation) ends its attempt too.
     */
    @Test
    void aBodyTheRuntimeClosesEndsItsAttemptSoThatKtorsCallCanEnd() throws Exception {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 200, "text/event-stream", "data: one\n\n"));
        backup.answering(exchange -> LoopbackServer.respond(exchange, 200, "text/event-stream", "data: two\n\n"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, Duration.ofSeconds(5));
            first.body().readAllBytes();
            first.body().close();
            return transport.send(toBackup(request), Duration.ofSeconds(5));
        });
        AppCall app = execute(governor, chatPost(primary));
        assertEquals("data: two\n\n", bodyText(app.response()));
        CountDownLatch callEnded = new CountDownLatch(1);
        app.callJob.invokeOnCompletion(cause -> {
            callEnded.countDown();
            return Unit.INSTANCE;
        });

        app.callJob.complete(); // as Ktor's statement does once the app read the response

        assertTrue(callEnded.await(WAIT_SECONDS, TimeUnit.SECONDS), "an attempt's job kept the app's call from ending");
    }

    @Test
    void anAnswerTheAppGaveUpOnAsItArrivedIsClosedUnread() throws Exception {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"answer\":42}"));
        HttpRequestData request = chatPost(primary);
        CountDownLatch answerClosed = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true, (sent, transport) -> {
            LlmResponse answer = transport.send(sent, Duration.ofSeconds(5));
            expireRequestTimeout(request);
            return closing(answer, answerClosed);
        });

        AppCall app = execute(governor, request);

        assertInstanceOf(CancellationException.class, app.failure());
        assertTrue(answerClosed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the answer was left to its provider");
    }

    /** What Ktor's {@code HttpTimeout} does when the request's timeout expires. */
    private static HttpRequestTimeoutException expireRequestTimeout(HttpRequestData request) {
        HttpRequestTimeoutException timeout = new HttpRequestTimeoutException(request.getUrl().toString(), 300L, null);
        JobKt.cancel(request.getExecutionContext(), "Request timeout has expired", timeout);
        return timeout;
    }

    private FakeGovernor failingOverToTheBackup(List<Class<?>> runtimeSaw) {
        return FakeGovernor.failingOverUnlessAbandoned(runtimeSaw, Duration.ofSeconds(5), this::toBackup, Duration.ofSeconds(5));
    }

    private LlmRequest toBackup(LlmRequest request) {
        return new LlmRequest(request.method(), backup.uri("/v1/chat/completions"), request.headers(), request.body());
    }

    /** {@code answer}, counting down {@code closed} when it is closed. */
    private static LlmResponse closing(LlmResponse answer, CountDownLatch closed) {
        return new LlmResponse() {
            @Override
            public int status() {
                return answer.status();
            }

            @Override
            public HttpHeaders headers() {
                return answer.headers();
            }

            @Override
            public InputStream body() {
                return answer.body();
            }

            @Override
            public void close() {
                closed.countDown();
                answer.close();
            }
        };
    }

    @Test
    void contentThatCannotBeReplayedIsSentOnceAsTheAppMadeIt() throws Exception {
        byte[] chat = CHAT.getBytes(StandardCharsets.UTF_8);
        OutgoingContent channel = new OutgoingContent.ReadChannelContent() {
            @Override
            public ByteReadChannel readFrom() {
                return ByteChannelCtorKt.ByteReadChannel(chat, 0, chat.length);
            }
        };
        FakeGovernor governor = FakeGovernor.neverReached();

        HttpResponseData response = execute(governor, chatPost(primary, channel)).response();

        assertEquals(200, response.getStatusCode().getValue());
        assertEquals(List.of(CHAT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void theEnginesResumptionOfItsOwnExecuteAndACallOutsideAClientsPipelineAreLeftToTheEngine() {
        KtorAdapter adapter = new KtorAdapter(FakeGovernor::neverReached);
        Continuation<Object> noCallContext = new Continuation<>() {
            @Override
            public CoroutineContext getContext() {
                return engine.getCoroutineContext();
            }

            @Override
            public void resumeWith(Object result) {
                // never resumed: the adapter declines the call
            }
        };

        assertNull(adapter.execute(engine, chatPost(primary), noCallContext));
        assertNull(adapter.execute(engine, null, new AppCall(engine, JobKt.Job(null))));
    }

    private static String bodyText(HttpResponseData response) throws IOException {
        try (InputStream body = BlockingKt.toInputStream((ByteReadChannel) response.getBody(), null)) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

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

    /**
     * The app's side of one call, as Ktor's pipeline sets it up: a call context whose job, a child
     * of the request's execution context, the app's cancellation cancels.
     */
    static final class AppCall implements Continuation<Object> {
        final CompletableJob callJob;
        private final CoroutineContext context;
        private final CompletableFuture<HttpResponseData> outcome = new CompletableFuture<>();
        volatile boolean takenOver = true;
        volatile String resumedOn;

        AppCall(HttpClientEngine engine, Job executionContext) {
            callJob = JobKt.Job(executionContext);
            CoroutineContext callContext = engine.getCoroutineContext().plus(callJob);
            this.context = callContext.plus(new KtorCallContextElement(callContext));
        }

        @Override
        public CoroutineContext getContext() {
            return context;
        }

        @Override
        public void resumeWith(Object result) {
            resumedOn = Thread.currentThread().getName();
            try {
                ResultKt.throwOnFailure(result);
                outcome.complete((HttpResponseData) result);
            } catch (Throwable failure) {
                outcome.completeExceptionally(failure);
            }
        }

        HttpResponseData response() throws Exception {
            return outcome.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** The failure the app's coroutine was resumed with: a cancellation is one too. */
        Throwable failure() throws Exception {
            try {
                outcome.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                return e.getCause();
            } catch (CancellationException resumedCancelled) {
                return resumedCancelled;
            }
            throw new AssertionError("the call succeeded");
        }
    }
}
