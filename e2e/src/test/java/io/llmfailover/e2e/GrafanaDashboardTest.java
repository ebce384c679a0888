package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.llmfailover.e2e.PrometheusServer.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Grafana dashboard of samples/observability against a real Prometheus: a child JVM in fleet
 * mode (a real Redis) serves its metrics for a scrape every second while its app, streaming through
 * the JDK HttpClient, lives through a storm: its primary answers 429 to every call, the backup twice
 * 429 too (each time the call waits in the queue), then 503 until its breaker opens and the
 * last-resort cache answers. Then every PromQL query of every panel, read from the dashboard's JSON, must return
 * series with plausible values.
 */
@ExtendWith({PrometheusInstalled.class, RedisServerInstalled.class})
class GrafanaDashboardTest {

    static final String DASHBOARD = "samples/observability/grafana/dashboards/llm-failover.json";
    private static final String APP_KEY = "sk-app-e2e-dashboard-0123456789";
    private static final String BACKUP_KEY = "sk-backup-e2e-dashboard-9876543210";
    private static final String CHAT = "/v1/chat/completions";
    private static final String BACKUP_STATE = "backup";
    /**
     * Call 1 starts the metrics endpoint; the pauses let Prometheus scrape between the phases, so that
     * rates see the counters grow (a series that first appears already counted shows no rate): then the
     * failovers on 429, two calls that queue one after the other, the calls that end in the cache (in
     * two scrapes), and time for the queries while the app still runs.
     */
    private static final String PLAN = "1,pause:3000,4,pause:3000,1,pause:3000,1,pause:3000,2,pause:2500,2,pause:25000";
    private static final Duration QUERY_WAIT = Duration.ofSeconds(20);

    @TempDir
    Path workDir;

    private WireMockServer primary;
    private WireMockServer backup;
    private RedisServer redis;

    @BeforeEach
    void start() throws Exception {
        primary = LoopbackWireMock.start();
        backup = LoopbackWireMock.start();
        redis = RedisServer.start(Files.createDirectories(workDir.resolve("redis")));
        primary.stubFor(post(urlPathEqualTo(CHAT)).willReturn(error(429, "rate_limit_exceeded").withHeader("Retry-After", "1")));
        backup.stubFor(post(urlPathEqualTo(CHAT)).atPriority(5).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/event-stream").withBody(stream())));
        backup.stubFor(post(urlPathEqualTo(CHAT)).atPriority(1).inScenario(BACKUP_STATE).whenScenarioStateIs("limited")
                .willSetStateTo("answering").willReturn(error(429, "rate_limit_exceeded").withHeader("Retry-After", "1")));
    }

    @AfterEach
    void stop() throws Exception {
        primary.stop();
        backup.stop();
        redis.close();
    }

    @Test
    void everyPanelsQueryReturnsPlausibleSeriesAfterAFailoverStorm() throws Exception {
        int endpoint = DeadPort.allocate();
        Map<String, List<Sample>> answers;
        CompletableFuture<AppOutput> app;
        try (PrometheusServer prometheus = PrometheusServer.start(Files.createDirectories(workDir.resolve("prometheus")),
                "127.0.0.1:" + endpoint)) {
            app = child(endpoint).start();

            awaitBackupRequests(5, app);
            backup.setScenarioState(BACKUP_STATE, "limited"); // the next call finds both 429ing: it waits in the queue
            awaitBackupRequests(7, app);
            backup.setScenarioState(BACKUP_STATE, "limited"); // and so does the one after it
            awaitBackupRequests(9, app);
            backup.stubFor(post(urlPathEqualTo(CHAT)).atPriority(0).willReturn(error(503, "server_error")));
            answers = queryUntilEveryPanelHasData(prometheus, app);
        }
        AppOutput output = app.get(90, TimeUnit.SECONDS);
        assertTrue(output.completed(), output::describe);
        assertEquals(List.of(), output.errors(), output::describe);

        answers.forEach((query, samples) -> assertFalse(samples.stream().allMatch(sample -> Double.isNaN(sample.value())),
                () -> "only NaN from " + query + ": " + samples));
        assertTrue(positive(answers, "llm_failover_failovers_total", s -> "429".equals(s.labels().get("llm_failover_failover_reason"))
                && "primary".equals(s.labels().get("llm_failover_provider"))), () -> "no failover rate on 429: " + answers);
        assertTrue(positive(answers, "llm_failover_breaker_state", s -> "backup".equals(s.labels().get("llm_failover_provider"))
                && "open".equals(s.labels().get("llm_failover_breaker_state"))), () -> "the backup's breaker is not open: " + answers);
        assertTrue(positive(answers, "llm_failover_cache_answers_total", s -> true), () -> "no cache answers: " + answers);
        assertTrue(positive(answers, "llm_failover_queue_wait_seconds_bucket", s -> true), () -> "no queue wait: " + answers);
        assertTrue(positive(answers, "llm_failover_quota_tokens_per_minute", s -> s.value() == 100000), answers::toString);
        assertTrue(positive(answers, "gen_ai_client_token_usage_sum", s -> true), () -> "no tokens: " + answers);
        assertTrue(positive(answers, "llm_failover_state_reachable", s -> "redis".equals(s.labels().get("llm_failover_state_backend"))),
                () -> "Redis not reachable: " + answers);
        assertTrue(positive(answers, "llm_failover_fleet_instances", s -> s.value() >= 1), answers::toString);
    }

    /** Every panel links to the Jaeger search of its provider (or of the service, where a panel has none). */
    @Test
    void everyPanelLinksToTheJaegerSearch() throws Exception {
        for (JsonNode panel : dashboard().path("panels")) {
            JsonNode links = panel.path("fieldConfig").path("defaults").path("links");
            assertFalse(links.isEmpty(), () -> panel.path("title").asText() + " has no link");
            for (JsonNode link : links) {
                assertTrue(link.path("url").asText().startsWith("${jaeger}/search?service=${service}"),
                        () -> panel.path("title").asText() + ": " + link);
            }
        }
    }

    private ChildJvm child(int endpoint) throws IOException {
        Path config = ConfigFile.primaryFallingOverTo("http://127.0.0.1:" + primary.port() + "/v1",
                        "http://127.0.0.1:" + backup.port() + "/v1")
                .set("provider.backup.api-key", BACKUP_KEY)
                .set("provider.backup.model.*", "backup-chat")
                .set("provider.backup.tpm", 100000)
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", "2m")
                .set("queue.max-wait", "5s")
                .set("cache.last-resort", true)
                .set("state.backend", "redis")
                .set("state.redis.url", redis.url())
                .writeTo(workDir.resolve("llm-failover.properties"));
        return ClientCall.JDK_STREAM.launch(workDir, "http://127.0.0.1:" + primary.port() + "/v1", APP_KEY, PLAN)
                .withAgent(config)
                .env("OTEL_METRICS_EXPORTER", "prometheus")
                .env("OTEL_EXPORTER_PROMETHEUS_HOST", "127.0.0.1")
                .env("OTEL_EXPORTER_PROMETHEUS_PORT", String.valueOf(endpoint))
                .timeout(Duration.ofSeconds(90));
    }

    /** Waits, boundedly, until the backup has been asked {@code count} times. */
    private void awaitBackupRequests(int count, CompletableFuture<AppOutput> app) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (backup.getAllServeEvents().size() < count) {
            if (app.isDone() || System.nanoTime() > deadline) {
                throw new AssertionError("the backup was asked " + backup.getAllServeEvents().size() + " times, not "
                        + count + (app.isDone() ? app.get().describe() : ""));
            }
            Thread.sleep(20);
        }
    }

    /**
     * Asks each panel's queries (and the job variable's) until every one returns series, or the wait
     * is over; the answers as they were then, by query.
     */
    private static Map<String, List<Sample>> queryUntilEveryPanelHasData(PrometheusServer prometheus,
            CompletableFuture<AppOutput> app) throws Exception {
        List<String> queries = panelQueries();
        queries.add("target_info{job=~\"" + PrometheusServer.JOB + "\"}");
        long deadline = System.nanoTime() + QUERY_WAIT.toNanos();
        Map<String, List<Sample>> answers = new LinkedHashMap<>();
        while (true) {
            answers.clear();
            for (String query : queries) {
                answers.put(query, prometheus.query(query));
            }
            List<String> empty = answers.entrySet().stream().filter(answer -> answer.getValue().isEmpty()
                    || answer.getValue().stream().allMatch(sample -> Double.isNaN(sample.value()))).map(Map.Entry::getKey).toList();
            boolean waitingForCache = !positive(answers, "llm_failover_cache_answers_total", s -> true)
                    || !positive(answers, "llm_failover_breaker_state", s -> "open".equals(s.labels().get("llm_failover_breaker_state")));
            if (empty.isEmpty() && !waitingForCache) {
                return answers;
            }
            if (System.nanoTime() > deadline || app.isDone()) {
                throw new AssertionError("panel queries with no data after the storm: " + empty + "\n" + answers
                        + app.get(90, TimeUnit.SECONDS).describe());
            }
            Thread.sleep(500);
        }
    }

    /** Every PromQL expression of every panel, the dashboard's variables as Grafana would fill them in. */
    static List<String> panelQueries() throws Exception {
        List<String> queries = new ArrayList<>();
        for (JsonNode panel : dashboard().path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queries.add(target.path("expr").asText()
                        .replace("$job", ".+")
                        .replace("$__rate_interval", "1m"));
            }
        }
        return queries;
    }

    private static JsonNode dashboard() throws Exception {
        return new ObjectMapper().readTree(RepositoryFile.named(DASHBOARD).toFile());
    }

    /** Whether a query on {@code metric} answered a positive value for a series that {@code which} picks. */
    private static boolean positive(Map<String, List<Sample>> answers, String metric, Predicate<Sample> which) {
        return answers.entrySet().stream()
                .filter(answer -> answer.getKey().contains(metric))
                .flatMap(answer -> answer.getValue().stream())
                .anyMatch(sample -> which.test(sample) && sample.value() > 0);
    }

    private static ResponseDefinitionBuilder error(int status, String code) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"message\":\"e2e " + status + "\",\"type\":\"" + code + "\",\"code\":\"" + code + "\"}}");
    }

    /** The backup's answer, streamed, with the usage chunk a stream asked with include_usage ends with. */
    private static String stream() {
        String chunk = "{\"id\":\"chatcmpl-e2e\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,"
                + "\"model\":\"backup-chat\",\"choices\":[%s]%s}";
        return "data: " + chunk.formatted("{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Hello\"},"
                        + "\"finish_reason\":null}", "") + "\n\n"
                + "data: " + chunk.formatted("{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}", "") + "\n\n"
                + "data: " + chunk.formatted("", ",\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3,\"total_tokens\":12}")
                + "\n\n"
                + "data: [DONE]\n\n";
    }
}
