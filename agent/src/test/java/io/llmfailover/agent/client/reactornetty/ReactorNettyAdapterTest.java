package io.llmfailover.agent.client.reactornetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.netty.buffer.ByteBuf;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.ByteBufMono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.util.context.Context;

/** The adapter called as its advice calls it, on each terminal operation of a real Reactor Netty client. */
class ReactorNettyAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** The app's own timeout, shorter than the agent's deadline. */
    private static final Duration APP_TIMEOUT = Duration.ofMillis(300);
    private static final Duration AGENT_DEADLINE = Duration.ofSeconds(2);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();
    private final ExecutorService agentThreads = Executors.newCachedThreadPool();
    private final List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        primary.close();
        fallback.close();
        agentThreads.shutdownNow();
    }

    @Test
    void callsTheRuntimeDoesNotGovernKeepTheAppsOwnPublisher() {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(FakeGovernor::governingNothing, agentThreads);
        HttpClient.ResponseReceiver<?> receiver = chat();
        Object own = receiver.responseContent();

        assertSame(own, adapter.governed(receiver, "responseContent", null, own));
    }

    /**
     * The client's configuration is shared with the app's other requests: the call goes out from a
     * copy of it without the agent's header, and its body function's request loses it too.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(FakeGovernor::governingNothingAtAProvidersHost,
                agentThreads);
        HttpClient configured = HttpClient.create()
                .headers(headers -> headers.set("Authorization", "Bearer sk-app").set("x-llm-route", "budget"));
        HttpClient.ResponseReceiver<?> models = configured.get().uri(primary.uri("/v1/models").toString());
        HttpClient.ResponseReceiver<?> upload = HttpClient.create().post().uri(primary.uri("/v1/files").toString())
                .send((request, outbound) -> {
                    request.header("x-llm-route", "budget");
                    return outbound.sendString(Mono.just("file"));
                });
        BiFunction<HttpClientResponse, ByteBufMono, Mono<String>> read =
                (response, body) -> body.asString(StandardCharsets.UTF_8);

        for (HttpClient.ResponseReceiver<?> receiver : List.of(models, upload)) {
            Mono<String> sent = (Mono<String>) adapter.governed(receiver, "responseSingle", read, receiver.responseSingle(read));
            assertEquals("{\"ok\":true}", sent.block(WAIT));
        }

        assertEquals(2, primary.received().size());
        for (LoopbackServer.Received received : primary.received()) {
            assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        }
        assertEquals("Bearer sk-app", primary.received().get(0).header("Authorization"));
        assertEquals("budget", configured.configuration().headers().get("x-llm-route"),
                "the app's client keeps its own configuration");
    }

    @Test
    void whatTheAgentSendsItselfIsLeftAlone() {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(FakeGovernor::neverReached, agentThreads);
        HttpClient.ResponseReceiver<?> receiver = chat();
        Object own = receiver.responseContent();

        try (AttemptGuard.Scope attempt = AttemptGuard.enter()) {
            assertSame(own, adapter.governed(receiver, "responseContent", null, own));
        }
    }

    @Test
    void aBodyOverTheCapIsSentOnceAsTheAppMadeIt() {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(() -> FakeGovernor.neverReached().withBufferLimit(10),
                agentThreads);

        assertEquals("{\"ok\":true}", responseSingle(adapter));
        assertEquals(1, primary.received().size());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void aHealthyPrimaryReachesTheAppsFunctionAsItsNativeResponse() {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(() -> FakeGovernor.passThrough(WAIT), agentThreads);

        String body = responseSingle(adapter);

        assertEquals("{\"ok\":true}", body);
        assertEquals(PROMPT, primary.received().get(0).bodyText());
        assertEquals("Bearer sk-app", primary.received().get(0).header("Authorization"));
    }

    @Test
    void aFailingPrimaryFailsOverAndTheAppsFunctionGetsTheFallbacksAnswer() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"down\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(this::failingOverOn503, agentThreads);

        assertEquals("{\"from\":\"fallback\"}", responseSingle(adapter));
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
    }

    @Test
    void responseContentRelaysTheFallbacksBodyAsItComes() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{}"));
        fallback.answering(exchange -> LoopbackServer.stream(exchange, List.of("data: one\n\n", "data: two\n\n"), 50));
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(this::failingOverOn503, agentThreads);
        HttpClient.ResponseReceiver<?> receiver = chat();

        ByteBufFlux content = (ByteBufFlux) adapter.governed(receiver, "responseContent", null, receiver.responseContent());

        assertEquals("data: one\n\ndata: two\n\n", content.aggregate().asString(StandardCharsets.UTF_8).block(WAIT));
    }

    @Test
    void responseConnectionGivesARelayedConnectionWhoseInboundIsTheAnswer() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 429, "application/json", "{}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(this::failingOverOn503, agentThreads);
        HttpClient.ResponseReceiver<?> receiver = chat();
        BiFunction<HttpClientResponse, Connection, Mono<String>> read = (response, connection) -> connection.inbound()
                .receive().aggregate().asString(StandardCharsets.UTF_8)
                .map(text -> response.status().code() + " " + text)
                .doFinally(signal -> connection.dispose());

        @SuppressWarnings("unchecked")
        Flux<String> governed = (Flux<String>) adapter.governed(receiver, "responseConnection", read,
                receiver.responseConnection(read));

        assertEquals("200 {\"from\":\"fallback\"}", governed.blockLast(WAIT));
    }

    /** The app's request says 300 ms; the agent would wait 2 s: the app's own timeout ends the call, and nothing fails over. */
    @Test
    void M1_theResponseTimeoutTheAppSetsOnItsRequestEndsTheCallWithItsOwnException() {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(() -> FakeGovernor.failingOverUnlessAbandoned(runtimeSaw,
                AGENT_DEADLINE, this::toFallback, WAIT), agentThreads);
        HttpClient.ResponseReceiver<?> receiver = HttpClient.create().post().uri(primary.uri("/v1/chat/completions").toString())
                .send((request, outbound) -> {
                    request.responseTimeout(APP_TIMEOUT);
                    return outbound.sendString(Mono.just(PROMPT));
                });

        Throwable failure = assertThrows(RuntimeException.class, () -> responseSingle(adapter, receiver, Context.empty()));

        assertInstanceOf(ReadTimeoutException.class, Exceptions.unwrap(failure));
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty(), "the app's own timeout was failed over");
    }

    /**
     * A stream whose head comes at once and whose first content comes late, read by the runtime
     * for its first content: the client's response timeout and a read timeout handler the app adds
     * to each connection are the app's own, not the provider's failure.
     */
    @Test
    void M1_theClientsOwnReadTimeoutsWhileAStreamsFirstContentIsAwaitedEndTheCallWithTheirOwnException() {
        List<HttpClient> clients = List.of(HttpClient.create().responseTimeout(APP_TIMEOUT),
                HttpClient.create().doOnConnected(connection -> connection.addHandlerLast(
                        new ReadTimeoutHandler(APP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))));
        for (HttpClient client : clients) {
            primary.answering(LoopbackServer.streaming(List.of(": keep-alive\n\n", "data: late\n\n"), 2_000));
            List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
            ReactorNettyAdapter adapter = new ReactorNettyAdapter(() -> FakeGovernor.readingBodyAndFailingOverUnlessAbandoned(
                    runtimeSaw, AGENT_DEADLINE, this::toFallback), agentThreads);

            Throwable failure = assertThrows(RuntimeException.class,
                    () -> responseSingle(adapter, client.post().uri(primary.uri("/v1/chat/completions").toString())
                            .send(ByteBufFlux.fromString(Mono.just(PROMPT))), Context.empty()));

            assertInstanceOf(ReadTimeoutException.class, Exceptions.unwrap(failure));
            assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
            assertTrue(fallback.received().isEmpty(), "the app's own timeout was failed over");
        }
    }

    /** The app cancels (Reactor's own {@code timeout}, say) while the runtime waits for a stream's first content: no fallback. */
    @Test
    void M1_cancellingWhileAStreamsFirstContentIsAwaitedEndsTheCallAsTheAppsCancellation() throws Exception {
        primary.answering(LoopbackServer.streaming(List.of(": keep-alive\n\n", "data: late\n\n"), 2_000));
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch runtimeDone = new CountDownLatch(1);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try (InputStream body = transport.send(request, AGENT_DEADLINE).body()) {
                reading.countDown();
                body.readAllBytes();
                runtimeSaw.add(Void.class); // the stream ended: a provider's short answer, for the runtime
                return null;
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                throw e;
            } finally {
                runtimeDone.countDown();
            }
        });
        HttpClient.ResponseReceiver<?> receiver = chat();
        @SuppressWarnings("unchecked")
        Flux<ByteBuf> governed = (Flux<ByteBuf>) new ReactorNettyAdapter(() -> governor, agentThreads)
                .governed(receiver, "responseContent", null, receiver.responseContent());

        Disposable call = governed.subscribe();
        assertTrue(reading.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the runtime never read the stream");
        call.dispose();

        assertTrue(runtimeDone.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the runtime still reads the stream");
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty());
    }

    /** What the app put in its Reactor context (a per-call timeout of the Azure SDK's, a tenant) is there for the attempt's hooks. */
    @Test
    void theContextTheAppSubscribedWithReachesEachAttempt() {
        List<String> seen = new CopyOnWriteArrayList<>();
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(() -> FakeGovernor.passThrough(WAIT), agentThreads);
        HttpClient client = HttpClient.create()
                .doOnRequest((request, connection) -> seen.add(request.currentContextView().getOrDefault("tenant", "none")));

        String body = responseSingle(adapter, client.post().uri(primary.uri("/v1/chat/completions").toString())
                .send(ByteBufFlux.fromString(Mono.just(PROMPT))), Context.of("tenant", "acme"));

        assertEquals("{\"ok\":true}", body);
        assertEquals(List.of("acme"), seen);
    }

    private String responseSingle(ReactorNettyAdapter adapter) {
        HttpClient.ResponseReceiver<?> receiver = chat();
        BiFunction<HttpClientResponse, ByteBufMono, Mono<String>> read =
                (response, body) -> body.asString(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Mono<String> governed = (Mono<String>) adapter.governed(receiver, "responseSingle", read, receiver.responseSingle(read));
        return governed.block(WAIT);
    }

    @SuppressWarnings("unchecked")
    private static String responseSingle(ReactorNettyAdapter adapter, HttpClient.ResponseReceiver<?> receiver, Context context) {
        BiFunction<HttpClientResponse, ByteBufMono, Mono<String>> read =
                (response, body) -> body.asString(StandardCharsets.UTF_8);
        Mono<String> governed = (Mono<String>) adapter.governed(receiver, "responseSingle", read, receiver.responseSingle(read));
        return governed.contextWrite(context).block(WAIT);
    }

    private LlmRequest toFallback(LlmRequest request) {
        return request.withUri(fallback.uri("/v1/chat/completions"));
    }

    private HttpClient.ResponseReceiver<?> chat() {
        return HttpClient.create()
                .headers(headers -> headers.set("Authorization", "Bearer sk-app").set("Content-Type", "application/json"))
                .post()
                .uri(primary.uri("/v1/chat/completions").toString())
                .send(ByteBufFlux.fromString(Mono.just(PROMPT)));
    }

    /** Fails over to the fallback server when the primary answers 5xx or 429, as the runtime would. */
    private FakeGovernor failingOverOn503() {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            var answer = transport.send(request, WAIT);
            if (answer.status() < 429) {
                return answer;
            }
            answer.close();
            runtimeSaw.add(Integer.class);
            LlmRequest toFallback = new LlmRequest(request.method(), fallback.uri("/v1/chat/completions"),
                    request.headers(), request.body());
            return transport.send(toFallback, WAIT);
        });
    }
}
