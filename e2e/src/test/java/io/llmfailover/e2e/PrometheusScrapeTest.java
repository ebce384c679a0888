package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code otel.metrics.exporter = prometheus} in a child JVM: a scrape during its calls, made with
 * real-looking keys, shows the metrics and none of the keys, the prompt or the providers' URLs; and
 * an agent that does not serve Prometheus loads none of the exporter's classes.
 */
class PrometheusScrapeTest {

    private static final String APP_KEY = "sk-app-e2e-scrape-0123456789abcdef";
    private static final String BACKUP_KEY = "sk-backup-e2e-scrape-fedcba9876543210";
    private static final String PROMPT = "Say hello";

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider backup;

    @BeforeEach
    void startProviders() {
        primary = StubProvider.answering("primary").rateLimited(Duration.ofSeconds(1));
        backup = StubProvider.answering("backup").refusing(request -> ("Bearer " + BACKUP_KEY).equals(
                request.getHeader("Authorization")));
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @Test
    void aScrapeAfterCallsWithRealKeysShowsTheMetricsAndNoKeyPromptOrUrl() throws Exception {
        int endpoint = DeadPort.allocate();
        Path classLoads = workDir.resolve("class-loads.txt");
        ChildJvm child = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "2,pause:8000")
                .withAgent(config())
                .env("OTEL_METRICS_EXPORTER", "prometheus")
                .env("OTEL_EXPORTER_PROMETHEUS_HOST", "127.0.0.1")
                .env("OTEL_EXPORTER_PROMETHEUS_PORT", String.valueOf(endpoint))
                .jvmArg("-Xlog:class+load=info:file=" + classLoads);
        CompletableFuture<AppOutput> app = child.start();

        String scrape = scrapeOnceTheCallsAreIn(endpoint, app);
        AppOutput output = app.get(60, TimeUnit.SECONDS);

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1, 2);
        assertTrue(scrape.contains("gen_ai_client_operation_duration_seconds_bucket{"), scrape);
        assertTrue(scrape.contains("llm_failover_key_id=\"key:"), "the backup's key by its id: " + scrape);
        for (String secret : List.of(APP_KEY, BACKUP_KEY, PROMPT, "sk-", "Bearer", primary.baseUrl(), backup.baseUrl(), "/v1")) {
            assertFalse(scrape.contains(secret), () -> secret + " in the scrape:\n" + scrape);
        }
        assertTrue(Files.readAllLines(classLoads).stream().anyMatch(line -> line.contains(".shaded.prometheus.")),
                "the check below sees the exporter's classes when they are loaded");
    }

    @Test
    void anAgentThatDoesNotServePrometheusLoadsNoneOfItsClasses() throws Exception {
        Path classLoads = workDir.resolve("class-loads.txt");
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgent(config())
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + DeadPort.allocate())
                .env("OTEL_METRICS_EXPORTER", "otlp")
                .jvmArg("-Xlog:class+load=info:file=" + classLoads)
                .run();

        assertCompleted(output);
        List<String> prometheusClasses = Files.readAllLines(classLoads).stream()
                .filter(line -> line.contains(".shaded.prometheus.") || line.contains(".exporter.prometheus.")
                        || line.contains("PrometheusEndpoint"))
                .toList();
        assertTrue(prometheusClasses.isEmpty(), () -> prometheusClasses.size() + " Prometheus classes loaded, first "
                + prometheusClasses.get(0));
    }

    private Path config() throws IOException {
        return ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", BACKUP_KEY)
                .writeTo(workDir.resolve("llm-failover.properties"));
    }

    /** Scrapes the child's endpoint until it shows the calls' failovers; bounded by the child's life. */
    private static String scrapeOnceTheCallsAreIn(int port, CompletableFuture<AppOutput> app) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "";
        while (System.nanoTime() < deadline && !app.isDone()) {
            try {
                last = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                if (last.contains("llm_failover_failovers_total{")) {
                    return last;
                }
            } catch (IOException notYet) {
                // the endpoint comes up with the first call
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no failovers in the scrape: " + last + (app.isDone() ? app.get().describe() : ""));
    }
}
