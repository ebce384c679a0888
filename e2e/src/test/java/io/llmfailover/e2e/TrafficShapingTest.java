package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.AppArgs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Traffic shaping end to end: a route that degrades to a smaller model, a keyless local model as the
 * last step, a context window, a key pool, the queue, the last-resort cache, and a route picked by header.
 */
@Isolated
class TrafficShapingTest {

    private static final String APP_KEY = "sk-app-shaping-0123456789";
    private static final Pattern TOOK = Pattern.compile("^TOOK call=(\\d+) millis=(\\d+)$");

    @TempDir
    Path workDir;

    private FaultServer server;

    @BeforeEach
    void startProviders() throws IOException {
        server = FaultServer.start();
    }

    @AfterEach
    void stopProviders() throws IOException {
        server.close();
    }

    /** The big model answers 429 with a long Retry-After; its smaller sibling on the same provider is fine. */
    @Test
    void aDegradedStepServesWhileTheBigModelIsSilencedAndTheFallbackGetsNothing() throws Exception {
        server.on("degrade", "primary", exchange -> {
            if (exchange.request().body().contains("\"gpt-4o-mini\"")) {
                ProviderBehaviours.answering(ChatWire.OPENAI, "mini").answer(exchange);
            } else {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "big model busy"),
                        "Retry-After", "30");
            }
        }).on("degrade", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        String primaryUrl = server.rootUrl("degrade", "primary") + "/v1";
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("provider.backup.url", server.rootUrl("degrade", "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, primary/gpt-4o-mini, backup")
                .writeTo(workDir.resolve("llm-failover-degrade.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "3").withAgent(config).run();

        assertCompleted(output);
        for (int call = 1; call <= 3; call++) {
            Result result = output.result(call).orElseThrow(() -> new AssertionError(output.describe()));
            assertEquals("Hello from mini", result.content(), output::describe);
        }
        assertEquals(1 + 3, server.requests("degrade", "primary"),
                "the big model once (its 429 silences it), then the small one for every call" + output.describe());
        assertEquals(0, server.requests("degrade", "backup"), output::describe);
        assertTrue(server.received("degrade", "primary").stream()
                .allMatch(request -> ("Bearer " + APP_KEY).equals(request.headers().get("authorization"))),
                "the app's own key, to the provider the app addressed, for either model");
    }

    /** As samples/local-model: the chain ends on a keyless OpenAI-compatible server (Ollama, vLLM, llama.cpp). */
    @Test
    void aKeylessLocalModelEndsTheChainAndNeverSeesTheAppsKey() throws Exception {
        server.on("local", "primary", ProviderBehaviours.failing(503, ChatWire.OPENAI.errorBody(503, "server_error", "down")))
                .on("local", "ollama", ProviderBehaviours.answering(ChatWire.OPENAI, "ollama"));
        String primaryUrl = server.rootUrl("local", "primary") + "/v1";
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("provider.local.url", server.rootUrl("local", "ollama") + "/v1")
                .set("provider.local.model.*", "llama3.2")
                .set("route.chat.match", "primary")
                .set("route.chat.chain", "primary, local")
                .writeTo(workDir.resolve("llm-failover-local.properties"));

        AppOutput output = ClientCall.JDK_STREAM.launch(workDir, primaryUrl, APP_KEY, "1").withAgent(config).run();

        assertCompleted(output);
        assertEquals("Hello from ollama", output.result(1).map(Result::content).orElse(null), output::describe);
        FaultExchange.Request local = server.received("local", "ollama").get(0);
        assertFalse(local.headers().containsKey("authorization"), () -> "a key reached the local server" + output.describe());
        assertTrue(local.body().contains("\"llama3.2\""), local::body);
    }

    /**
     * The primary answers once, then it and the backup are down: the same question is answered from the
     * cache, another one is not. The OpenAI and Anthropic SDKs and Spring AI read a JSON answer with
     * Jackson, which stops at its closing brace and closes the body without reading on to its end.
     */
    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "JDK_STREAM", "SDK_BLOCKING", "SDK_STREAM",
            "ANTHROPIC_SDK_BLOCKING", "ANTHROPIC_SDK_STREAM", "SPRING_AI_BLOCKING", "SPRING_AI_STREAM"})
    void theLastResortCacheAnswersAnIdenticalRequestWhenEveryProviderIsDown(ClientCall client) throws Exception {
        ChatWire wire = client.wire;
        AtomicInteger primaryCalls = new AtomicInteger();
        server.on("cache", "primary", exchange -> {
            if (primaryCalls.incrementAndGet() == 1) {
                ProviderBehaviours.answering(wire, "primary").answer(exchange);
            } else {
                exchange.respond(503, "application/json", wire.errorBody(503, "server_error", "down"));
            }
        }).on("cache", "backup", ProviderBehaviours.failing(503, wire.errorBody(503, "server_error", "down too")));
        String primaryUrl = server.rootUrl("cache", "primary") + wire.versionPath;
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", wire.protocol)
                .set("provider.backup.url", server.rootUrl("cache", "backup") + wire.versionPath)
                .set("provider.backup.protocol", wire.protocol)
                .set("provider.backup.api-key", "sk-backup")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup")
                .set("cache.last-resort", true)
                .writeTo(workDir.resolve("llm-failover-cache.properties"));

        AppOutput output = client.launch(workDir, client.appBaseUrl(primaryUrl), APP_KEY, "2,prompt-size:40,1")
                .withAgent(config).run();

        assertCompleted(output);
        for (int call = 1; call <= 2; call++) {
            int number = call;
            assertEquals("Hello from primary", output.result(call).map(Result::content).orElse(null),
                    () -> "call " + number + output.describe());
        }
        if (client.streams()) {
            assertEquals(ProviderBehaviours.chunks("primary"), output.chunks(2), () -> "replayed as a stream" + output.describe());
        }
        if (client.seesHeaders()) {
            assertEquals("cache", output.result(2).map(Result::provider).orElse(null), output::describe);
        }
        assertTrue(output.result(3).isEmpty() && output.errors().stream().anyMatch(error -> error.call() == 3),
                () -> "another question is never answered from the cache" + output.describe());
        assertEquals(3, server.requests("cache", "primary"), "every provider is tried before the cache" + output.describe());
        assertEquals(2, server.requests("cache", "backup"), output::describe);
    }

    /** The small model's window cannot hold the request (its 4096 output tokens alone): it is skipped, never sent. */
    @Test
    void aStepWhoseContextWindowIsTooSmallIsSkippedWithoutSending() throws Exception {
        server.on("window", "primary", ProviderBehaviours.failing(503, ChatWire.OPENAI.errorBody(503, "server_error", "down")))
                .on("window", "small", ProviderBehaviours.answering(ChatWire.OPENAI, "small"))
                .on("window", "large", ProviderBehaviours.answering(ChatWire.OPENAI, "large"));
        String primaryUrl = server.rootUrl("window", "primary") + "/v1";
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("provider.small.url", server.rootUrl("window", "small") + "/v1")
                .set("provider.small.context-window", 1000)
                .set("provider.large.url", server.rootUrl("window", "large") + "/v1")
                .set("provider.large.context-window", 128000)
                .set("route.chat.match", "primary")
                .set("route.chat.chain", "primary, small, large")
                .writeTo(workDir.resolve("llm-failover-window.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "1").withAgent(config).run();

        assertCompleted(output);
        assertEquals("Hello from large", output.result(1).map(Result::content).orElse(null), output::describe);
        assertEquals(0, server.requests("window", "small"), output::describe);
    }

    /** Two keys of the app's provider: the one a 429 silenced is left alone while the other serves. */
    @Test
    void aKeyPoolRotatesAwayFromTheKeyA429Silenced() throws Exception {
        server.on("keys", "primary", exchange -> {
            if ("Bearer sk-pool-one".equals(exchange.request().headers().get("authorization"))) {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "key one busy"),
                        "Retry-After", "30");
            } else {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            }
        }).on("keys", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        String primaryUrl = server.rootUrl("keys", "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl("keys", "backup") + "/v1")
                .set("provider.primary.api-keys", "sk-pool-one, sk-pool-two")
                .set("provider.backup.api-key", "sk-backup")
                .writeTo(workDir.resolve("llm-failover-keys.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "6").withAgent(config).run();

        assertCompleted(output);
        assertEquals(6, output.results().stream().filter(r -> r.status() == 200).count(), output::describe);
        long keyOne = server.received("keys", "primary").stream()
                .filter(request -> "Bearer sk-pool-one".equals(request.headers().get("authorization"))).count();
        assertEquals(1, keyOne, () -> "the silenced key was asked again" + output.describe());
        assertTrue(server.requests("keys", "backup") <= 1, output::describe);
        assertTrue(server.received("keys", "primary").stream().noneMatch(r -> r.headers().toString().contains(APP_KEY)),
                "a provider with keys of its own never gets the app's");
    }

    /**
     * The only provider answers 429 with {@code Retry-After: 1} for 1.2 s from its third request, and
     * {@code queue.max-wait = 3s}: the call that meets it first and the five that queue behind it are
     * all served by it, none over 3.5 s, and it hears at most one request per Retry-After window
     * beyond the calls it served (a 429 means it did not take the request: waiting one's turn again
     * is no duplicate). One row per client library (the OpenAI SDK's stands for OkHttp), two of them
     * streamed (Apache 5 classic, Micronaut accepting text/event-stream); every row of
     * {@link ClientCall} passed when run by hand.
     */
    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "SDK_BLOCKING", "URLCONNECTION_BLOCKING",
            "APACHE5_STREAM", "APACHE5_ASYNC_BLOCKING", "APACHE4_BLOCKING", "REACTOR_NETTY_BLOCKING", "VERTX_BLOCKING",
            "JETTY_BLOCKING", "KTOR_CIO_BLOCKING", "MICRONAUT_BLOCKING", "MICRONAUT_SSE_STREAM"})
    void queuedCallsToldToWaitAreAllServedWithinTheirWait(ClientCall client) throws Exception {
        List<Long> toldToWaitAt = Collections.synchronizedList(new ArrayList<>());
        List<Long> toldToWaitAtWallMillis = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger calls = new AtomicInteger();
        AtomicLong limitedFrom = new AtomicLong();
        server.on("queue", "primary", exchange -> {
            long now = System.nanoTime();
            int number = calls.incrementAndGet();
            if (number == 1) {
                exchange.respond(400, "application/json",
                        ChatWire.OPENAI.errorBody(400, "invalid_request_error", "the app's error path, warmed"));
                return;
            }
            if (number == 3) {
                limitedFrom.set(now);
            }
            if (number >= 3 && now - limitedFrom.get() < TimeUnit.MILLISECONDS.toNanos(1200)) {
                toldToWaitAt.add(TimeUnit.NANOSECONDS.toMillis(now - limitedFrom.get()));
                toldToWaitAtWallMillis.add(System.currentTimeMillis());
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "wait"),
                        "Retry-After", "1");
            } else {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            }
        });
        String primaryUrl = server.rootUrl("queue", "primary") + "/v1";
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("route.chat.match", "primary")
                .set("route.chat.chain", "primary")
                .set("queue.max-wait", "3s")
                .writeTo(workDir.resolve("llm-failover-queue.properties"));

        // two calls first: the first answered 400, so that the app's client has read an error before
        // (Micronaut's first error takes it ~170 ms, longer than the gap between the six), the second
        // served; then six, 100 ms apart: the first meets the limit
        AppOutput output = client.launch(workDir, primaryUrl, APP_KEY, "2,together:6:100").withAgent(config).run();

        assertCompleted(output);
        assertTrue(output.errors().stream().anyMatch(error -> error.call() == 1 && "400".equals(error.status())),
                output::describe);
        for (int call = 2; call <= 8; call++) {
            int number = call;
            assertEquals("Hello from primary", output.result(call).map(Result::content).orElse(null),
                    () -> "call " + number + output.describe());
        }
        Map<Integer, Long> took = tookMillis(output);
        System.out.printf("queue, %s: the six calls took %s ms; the provider said 429 at %s ms of its limit%n",
                client, took.values(), toldToWaitAt);
        assertTrue(took.size() == 6 && took.values().stream().allMatch(millis -> millis <= 3500),
                () -> "every call within queue.max-wait and a little: " + took + output.describe());
        List<Long> onceSilenced = sentOnceSilenced(toldToWaitAt, toldToWaitAtWallMillis, output);
        assertTrue(onceSilenced.size() <= 2, () -> "told to wait at " + toldToWaitAt + " ms, " + onceSilenced
                + " of them sent once the agent knew" + output.describe());
        for (int i = 1; i < onceSilenced.size(); i++) {
            assertTrue(onceSilenced.get(i) - onceSilenced.get(i - 1) >= 900,
                    () -> "one request per Retry-After window: told to wait at " + toldToWaitAt + " ms, " + onceSilenced
                            + " of them sent once the agent knew" + output.describe());
        }
        assertEquals(8 + toldToWaitAt.size(), server.requests("queue", "primary"), output::describe);
    }

    /**
     * The first 429, and those after it that reached the provider once the agent had said it silenced
     * the key: a request sent before the first 429 was read (a cold client on a busy machine may take
     * 100 ms to read it) was already on its way, and no agent can call it back.
     */
    private static List<Long> sentOnceSilenced(List<Long> toldToWaitAt, List<Long> wallMillis, AppOutput output) {
        long silencedAt = output.stderrLines().stream()
                .filter(line -> line.contains(" silenced for "))
                .map(line -> Instant.parse(line.substring(0, line.indexOf(' '))).toEpochMilli())
                .findFirst().orElseThrow(() -> new AssertionError("the agent never said it silenced the key" + output.describe()));
        List<Long> kept = new ArrayList<>();
        for (int i = 0; i < toldToWaitAt.size(); i++) {
            if (i == 0 || wallMillis.get(i) > silencedAt) {
                kept.add(toldToWaitAt.get(i));
            }
        }
        return kept;
    }

    /** How long each call made {@code together} took, by call number, from its {@code TOOK} line. */
    private static Map<Integer, Long> tookMillis(AppOutput output) {
        Map<Integer, Long> took = new TreeMap<>();
        for (String line : output.stdoutLines()) {
            Matcher matcher = TOOK.matcher(line);
            if (matcher.matches()) {
                took.put(Integer.parseInt(matcher.group(1)), Long.parseLong(matcher.group(2)));
            }
        }
        return took;
    }

    /** Told to wait 30 s with a queue of 1 s: the queued call gives up with a 429 that says when to retry. */
    @Test
    void aQueuedCallGivesUpAfterMaxWaitWithA429AndRetryAfter() throws Exception {
        AppOutput output = queueing("queue-full", "30", "1s");

        assertEquals(2, output.errors().size(), output::describe);
        Error giveUp = output.errors().get(1);
        assertEquals("429", giveUp.status(), output::describe);
        assertEquals(1, server.requests("queue-full", "primary"), "nothing sent while the provider is silent" + output.describe());
    }

    /** A route of one provider that answers its first call 429 with {@code retryAfter}, then every call. */
    private AppOutput queueing(String cell, String retryAfter, String maxWait) throws Exception {
        AtomicInteger calls = new AtomicInteger();
        server.on(cell, "primary", exchange -> {
            if (calls.incrementAndGet() == 1) {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "wait"),
                        "Retry-After", retryAfter);
            } else {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            }
        });
        String primaryUrl = server.rootUrl(cell, "primary") + "/v1";
        Path config = ConfigFile.create()
                .set("provider.primary.url", primaryUrl)
                .set("route.chat.match", "primary")
                .set("route.chat.chain", "primary")
                .set("queue.max-wait", maxWait)
                .writeTo(workDir.resolve("llm-failover-" + cell + ".properties"));
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "2").withAgent(config).run();
        assertCompleted(output);
        return output;
    }

    @Test
    void anAppPicksItsRouteWithXLlmRouteAndNoProviderSeesTheHeader() throws Exception {
        server.on("route", "primary", ProviderBehaviours.failing(503, ChatWire.OPENAI.errorBody(503, "server_error", "down")))
                .on("route", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"))
                .on("route", "cheap", ProviderBehaviours.answering(ChatWire.OPENAI, "cheap"));
        String primaryUrl = server.rootUrl("route", "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl("route", "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup")
                .set("provider.cheap.url", server.rootUrl("route", "cheap") + "/v1")
                .set("provider.cheap.api-key", "sk-cheap")
                .set("route.budget.match", "primary/never-matched-*")
                .set("route.budget.chain", "primary, cheap")
                .writeTo(workDir.resolve("llm-failover-route.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "1")
                .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=budget")
                .withAgent(config)
                .run();

        assertCompleted(output);
        assertEquals("Hello from cheap", output.result(1).map(Result::content).orElse(null), output::describe);
        assertEquals(0, server.requests("route", "backup"), output::describe);
        assertEquals(1, server.requests("route", "primary"), output::describe);
        for (String role : new String[] {"primary", "cheap"}) {
            assertFalse(server.received("route", role).get(0).headers().containsKey("x-llm-route"),
                    () -> "x-llm-route reached " + role + output.describe());
        }
    }
}
