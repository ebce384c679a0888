package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.AppArgs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Traffic shaping end to end: a route that degrades to a smaller model, a keyless local model as the
 * last step, the last-resort cache, and a route picked by header.
 */
class TrafficShapingTest {

    private static final String APP_KEY = "sk-app-shaping-0123456789";

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

    /** The primary answers once, then it and the backup are down: the same question is answered from the cache. */
    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "JDK_STREAM", "SDK_STREAM"})
    void theLastResortCacheAnswersAnIdenticalRequestWhenEveryProviderIsDown(ClientCall client) throws Exception {
        AtomicInteger primaryCalls = new AtomicInteger();
        server.on("cache", "primary", exchange -> {
            if (primaryCalls.incrementAndGet() == 1) {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            } else {
                exchange.respond(503, "application/json", ChatWire.OPENAI.errorBody(503, "server_error", "down"));
            }
        }).on("cache", "backup", ProviderBehaviours.failing(503, ChatWire.OPENAI.errorBody(503, "server_error", "down too")));
        String primaryUrl = server.rootUrl("cache", "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl("cache", "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup")
                .set("cache.last-resort", true)
                .writeTo(workDir.resolve("llm-failover-cache.properties"));

        AppOutput output = client.launch(workDir, primaryUrl, APP_KEY, "2").withAgent(config).run();

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
        assertEquals(2, server.requests("cache", "primary"), "every provider is tried before the cache" + output.describe());
        assertEquals(1, server.requests("cache", "backup"), output::describe);
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
