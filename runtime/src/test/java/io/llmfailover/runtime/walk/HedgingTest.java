package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code hedge.after}: a first attempt with no content by then gets the chain's next step sent
 * beside it; the first to answer wins and the other is cancelled. Attempts run on real threads
 * (hedging is about two at once); time is virtual, so no test waits for {@code hedge.after}.
 */
class HedgingTest {

    private static final Duration HEDGE_AFTER = Duration.ofMillis(800);

    private final ExecutorService attemptThreads = Executors.newCachedThreadPool();
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final Chains chains = Chains.hedgingAfter(HEDGE_AFTER, "primary", "backup", "third");

    @AfterEach
    void stopThreads() {
        attemptThreads.shutdownNow();
        callers.shutdownNow();
    }

    @Test
    void aSlowFirstAttemptIsHedgedTheHedgeWinsAndTheFirstIsCancelled() throws Exception {
        HeldAnswer slow = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport().on(PRIMARY, slow).on(BACKUP, ok(ANSWER));

        CompletableFuture<LlmResponse> call = callAsync(new RacingTransport(scripted, attemptThreads), Chains.chat());
        awaitHedgeTimer(slow);
        chains.scheduler.advance(HEDGE_AFTER);
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertEquals("backup", answer.headers().first(FailoverHeaders.PROVIDER).orElseThrow());
        Eventually.until(() -> slow.interrupted, "the losing attempt is interrupted, its exchange aborted");
        assertEquals(1, scripted.sentTo(PRIMARY));
        assertEquals(1, scripted.sentTo(BACKUP));
        answer.close();
        assertEquals(0, chains.inFlight("primary"), "the loser's throttle slot is released");
        assertEquals(0, chains.inFlight("backup"));
    }

    @Test
    void hedgeAfterCountsFromWhenTheFirstAttemptIsSentNotFromWhenItsThreadWasAskedFor() throws Exception {
        CountDownLatch threadStarts = new CountDownLatch(1);
        Executor slowToStart = task -> attemptThreads.execute(() -> {
            try {
                threadStarts.await(10, TimeUnit.SECONDS); // the JVM's first agent thread, on a busy machine
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            task.run();
        });
        HeldAnswer first = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport().on(PRIMARY, first).on(BACKUP, ok(ANSWER));

        AtomicReference<Thread> caller = new AtomicReference<>();
        CompletableFuture<LlmResponse> call = CompletableFuture.supplyAsync(() -> {
            caller.set(Thread.currentThread());
            try {
                return chains.gateway.execute(Chains.chat(), new RacingTransport(scripted, slowToStart));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, callers);
        Eventually.until(() -> caller.get() != null && caller.get().getState() == Thread.State.WAITING,
                "the caller waits for its first attempt");
        chains.scheduler.advance(HEDGE_AFTER.multipliedBy(2)); // what the attempt's thread took to start
        threadStarts.countDown();
        awaitHedgeTimer(first);
        first.release.countDown();
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the first attempt answered, unhedged");
        assertEquals(0, scripted.sentTo(BACKUP), "the thread's start is the agent's time, not the provider's");
        answer.close();
    }

    @Test
    void aFirstAttemptThatAnswersInTimeIsNeverHedged() throws Exception {
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, request -> {
                    chains.clock.advance(HEDGE_AFTER.minusMillis(1));
                    return ok(ANSWER).answer(request);
                })
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = callAsync(new RacingTransport(scripted, attemptThreads), Chains.chat()).get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the app's own provider answered");
        assertEquals(0, scripted.sentTo(BACKUP));
        assertEquals(0, chains.scheduler.pending(), "the hedge timer is cancelled");
    }

    @Test
    void theFirstAttemptStillWinsWhenItAnswersBeforeTheHedge() throws Exception {
        HeldAnswer slowFirst = new HeldAnswer();
        HeldAnswer slowerHedge = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport().on(PRIMARY, slowFirst).on(BACKUP, slowerHedge);

        CompletableFuture<LlmResponse> call = callAsync(new RacingTransport(scripted, attemptThreads), Chains.chat());
        awaitHedgeTimer(slowFirst);
        chains.scheduler.advance(HEDGE_AFTER);
        assertTrue(slowerHedge.entered.await(10, TimeUnit.SECONDS), "the hedge is sent");
        slowFirst.release.countDown();
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the first attempt's answer");
        Eventually.until(() -> slowerHedge.interrupted, "the hedge is cancelled");
        answer.close();
        assertEquals(0, chains.inFlight("backup"), "the cancelled hedge's slot is released");
    }

    @Test
    void aHedgeThatFailsLeavesTheFirstAttemptToAnswer() throws Exception {
        HeldAnswer slow = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, slow)
                .on(BACKUP, status(500, "{\"error\":{\"message\":\"boom\"}}"));

        CompletableFuture<LlmResponse> call = callAsync(new RacingTransport(scripted, attemptThreads), Chains.chat());
        awaitHedgeTimer(slow);
        chains.scheduler.advance(HEDGE_AFTER);
        Eventually.until(() -> scripted.sentTo(BACKUP) == 1, "the hedge is sent");
        slow.release.countDown();
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty());
        assertFalse(slow.interrupted);
        assertEquals(0, scripted.sentTo(Chains.THIRD), "one hedge per call, no more");
    }

    @Test
    void aStreamWithNoContentIsHedgedAndItsConnectionReleased() throws Exception {
        SilentStream silent = new SilentStream();
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, request -> silent)
                .on(BACKUP, ScriptedTransport.sse("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n"));

        CompletableFuture<LlmResponse> call = callAsync(new RacingTransport(scripted, attemptThreads), Chains.chat(true));
        Eventually.until(() -> silent.reading && chains.scheduler.pending() >= 2, "the stream's head in, its content awaited");
        chains.scheduler.advance(HEDGE_AFTER);
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals("backup", answer.headers().first(FailoverHeaders.PROVIDER).orElseThrow());
        assertTrue(ScriptedTransport.drain(answer.body()).text().contains("Hi"));
        Eventually.until(() -> silent.aborted, "the silent stream is aborted");
    }

    @Test
    void withoutAClientThatSendsTwoAtOnceNothingIsHedged() throws Exception {
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, request -> {
                    chains.clock.advance(HEDGE_AFTER.multipliedBy(3));
                    return ok(ANSWER).answer(request);
                })
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(Chains.chat(), scripted);

        assertEquals(200, answer.status());
        assertEquals(0, scripted.sentTo(BACKUP));
    }

    @Test
    void theResponsesApiIsNeverHedged() throws Exception {
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, request -> {
                    chains.clock.advance(HEDGE_AFTER.multipliedBy(3));
                    return ok("{\"id\":\"resp_1\",\"object\":\"response\",\"output\":[]}").answer(request);
                })
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = callAsync(new RacingTransport(scripted, attemptThreads), responsesCall()).get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertEquals(0, scripted.sentTo(BACKUP), "a stored response must not be created twice");
    }

    /** A slow first attempt that would run or keep something at the provider is left to finish alone. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "{'model':'gpt-4o','store':true,'messages':[{'role':'user','content':'hi'}]}",
        "{'model':'gpt-4o-search-preview','web_search_options':{},'messages':[{'role':'user','content':'hi'}]}",
    })
    void aChatWithSideEffectsAtTheProviderIsNeverHedged(String body) throws Exception {
        HeldAnswer slow = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport().on(PRIMARY, slow).on(BACKUP, ok(ANSWER));
        LlmRequest chat = Chains.chat().withBody(body.replace('\'', '"').getBytes(StandardCharsets.UTF_8));

        AtomicReference<Thread> caller = new AtomicReference<>();
        CompletableFuture<LlmResponse> call = CompletableFuture.supplyAsync(() -> {
            caller.set(Thread.currentThread());
            try {
                return chains.gateway.execute(chat, new RacingTransport(scripted, attemptThreads));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, callers);
        assertTrue(slow.entered.await(10, TimeUnit.SECONDS), "the first attempt is sent");
        Eventually.until(() -> slow.sentFrom == caller.get() || chains.scheduler.pending() >= 1,
                "the first attempt is sent alone, or raced with the hedge timer set");
        boolean raced = slow.sentFrom != caller.get();
        chains.scheduler.advance(HEDGE_AFTER.multipliedBy(2));
        if (raced) {
            Eventually.until(() -> scripted.sentTo(BACKUP) == 1, "a raced attempt's hedge goes out once its timer fired");
        }
        slow.release.countDown();
        LlmResponse answer = call.get(10, TimeUnit.SECONDS);

        assertEquals(200, answer.status());
        assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the app's own provider answered");
        assertEquals(0, scripted.sentTo(BACKUP), "what the first attempt ran or stored must not run or be stored twice");
    }

    @Test
    void theHedgeNeverCarriesTheAppsIdempotencyKey() throws Exception {
        HeldAnswer slow = new HeldAnswer();
        ScriptedTransport scripted = new ScriptedTransport().on(PRIMARY, slow).on(BACKUP, ok(ANSWER));
        LlmRequest keyed = Chains.chat().withHeaders(Chains.chat().headers().toBuilder()
                .set("Idempotency-Key", "idem-1").build());

        CompletableFuture<LlmResponse> call = callAsync(new RacingTransport(scripted, attemptThreads), keyed);
        awaitHedgeTimer(slow);
        chains.scheduler.advance(HEDGE_AFTER);
        call.get(10, TimeUnit.SECONDS).close();

        assertEquals(List.of("idem-1"), scripted.attempts.get(0).request().headers().all("idempotency-key"),
                "the app's own request keeps its key");
        assertFalse(scripted.attempts.get(1).request().headers().contains("idempotency-key"),
                "the hedge is another request: it must not reuse the app's key");
    }

    @Test
    void aRouteThatTurnsHedgingOffIsNotHedged() throws Exception {
        Chains offRoute = Chains.hedgingAfter(HEDGE_AFTER,
                new RouteSettings("main", "primary", null, List.of("primary", "backup"), Duration.ZERO));
        ScriptedTransport scripted = new ScriptedTransport()
                .on(PRIMARY, request -> {
                    offRoute.clock.advance(HEDGE_AFTER.multipliedBy(3));
                    return ok(ANSWER).answer(request);
                })
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = offRoute.gateway.execute(Chains.chat(), new RacingTransport(scripted, attemptThreads));

        assertEquals(200, answer.status());
        assertEquals(0, scripted.sentTo(BACKUP));
    }

    private CompletableFuture<LlmResponse> callAsync(Transport transport, LlmRequest request) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return chains.gateway.execute(request, transport);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, callers);
    }

    /** Until the first attempt is out and the caller waits for it with the hedge timer set. */
    private void awaitHedgeTimer(HeldAnswer first) throws InterruptedException {
        assertTrue(first.entered.await(10, TimeUnit.SECONDS), "the first attempt is sent");
        Eventually.until(() -> chains.scheduler.pending() >= 1, "the hedge timer is set");
    }

    private static LlmRequest responsesCall() {
        String body = "{\"model\":\"gpt-4o\",\"input\":\"hi\"}";
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/responses"),
                HttpHeaders.builder().add("Authorization", "Bearer sk-app-secret").add("Content-Type", "application/json").build(),
                body.getBytes(StandardCharsets.UTF_8));
    }

    /** The scripted transport, its attempts sent from a pool of the test's, as a client that can send two at once. */
    private record RacingTransport(ScriptedTransport scripted, Executor threads) implements Transport {
        @Override
        public LlmResponse send(AttemptRequest attempt) throws IOException {
            return scripted.send(attempt);
        }

        @Override
        public Optional<Executor> concurrentSends() {
            return Optional.of(threads);
        }
    }

    /** Holds its attempt until released (then answers) or interrupted (then fails, as an aborted exchange does). */
    private static final class HeldAnswer implements ScriptedTransport.Answer {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean interrupted;
        /** The thread the attempt was sent from: the caller's own when nothing races it. */
        volatile Thread sentFrom;

        @Override
        public LlmResponse answer(LlmRequest request) throws IOException {
            sentFrom = Thread.currentThread();
            entered.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IOException("never released");
                }
            } catch (InterruptedException e) {
                interrupted = true;
                throw new InterruptedIOException("the exchange was aborted");
            }
            return ok(ANSWER).answer(request);
        }
    }

    /** A 200 stream whose head came but whose body sends nothing until it is aborted. */
    private static final class SilentStream implements LlmResponse {
        private final CountDownLatch abort = new CountDownLatch(1);
        volatile boolean reading;
        volatile boolean aborted;

        @Override
        public int status() {
            return 200;
        }

        @Override
        public HttpHeaders headers() {
            return HttpHeaders.builder().add("content-type", "text/event-stream").build();
        }

        @Override
        public InputStream body() {
            return new InputStream() {
                @Override
                public int read() throws IOException {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                }

                @Override
                public int read(byte[] into, int offset, int length) throws IOException {
                    reading = true;
                    try {
                        abort.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IOException("Socket closed");
                }
            };
        }

        @Override
        public void close() {
            aborted = true;
            abort.countDown();
        }
    }
}
