package io.llmfailover.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server on a free loopback port, its data in a directory of the test's, scraping
 * one target every second as job {@value #JOB}; asked instant queries over its HTTP API.
 */
final class PrometheusServer implements AutoCloseable {

    static final String JOB = "llm-failover";
    private static final Duration START_WAIT = Duration.ofSeconds(20);

    /** One series of an instant query's answer: its labels and its value now (NaN included). */
    record Sample(Map<String, String> labels, double value) {}

    private final int port;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();

    private PrometheusServer(int port, Process process) {
        this.port = port;
        this.process = process;
    }

    /** Starts Prometheus scraping {@code target} ({@code host:port}) and waits until it is ready. */
    static PrometheusServer start(Path directory, String target) throws IOException, InterruptedException {
        Path config = Files.writeString(directory.resolve("prometheus.yml"), String.join("\n",
                "global:",
                "  scrape_interval: 1s",
                "  evaluation_interval: 1s",
                "scrape_configs:",
                "  - job_name: " + JOB,
                "    static_configs:",
                "      - targets: ['" + target + "']",
                ""));
        int port = DeadPort.allocate();
        Process process = new ProcessBuilder(MachineRequirement.onPath("prometheus").orElseThrow().toString(),
                "--config.file=" + config,
                "--storage.tsdb.path=" + directory.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                "--log.level=warn")
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("prometheus.log").toFile())
                .start();
        PrometheusServer server = new PrometheusServer(port, process);
        server.awaitReady(directory);
        return server;
    }

    private void awaitReady(Path directory) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                if (get("/-/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(100);
        }
        close();
        throw new IllegalStateException("Prometheus did not get ready within " + START_WAIT.toSeconds() + " s: "
                + Files.readString(directory.resolve("prometheus.log")));
    }

    /** The series of an instant query now. */
    List<Sample> query(String promql) throws IOException, InterruptedException {
        HttpResponse<String> response = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode answer = json.readTree(response.body());
        if (response.statusCode() != 200 || !"success".equals(answer.path("status").asText())) {
            throw new AssertionError("Prometheus refused " + promql + ": " + response.body());
        }
        List<Sample> samples = new ArrayList<>();
        for (JsonNode series : answer.path("data").path("result")) {
            Map<String, String> labels = new LinkedHashMap<>();
            series.path("metric").fields().forEachRemaining(label -> labels.put(label.getKey(), label.getValue().asText()));
            samples.add(new Sample(labels, Double.parseDouble(series.path("value").get(1).asText())));
        }
        return samples;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
