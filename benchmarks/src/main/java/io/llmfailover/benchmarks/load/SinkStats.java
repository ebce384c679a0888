package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

/** What the {@link OtlpSink} has received so far: requests and bytes, traces and metrics. */
record SinkStats(long traceRequests, long traceBytes, long metricRequests, long metricBytes) {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static SinkStats read(int port) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/stats"))
                .timeout(Duration.ofSeconds(10)).GET().build();
        Command stats = Command.parse(HTTP.send(request, BodyHandlers.ofString()).body());
        return new SinkStats(stats.number("traceRequests"), stats.number("traceBytes"), stats.number("metricRequests"),
                stats.number("metricBytes"));
    }

    SinkStats since(SinkStats before) {
        return new SinkStats(traceRequests - before.traceRequests, traceBytes - before.traceBytes,
                metricRequests - before.metricRequests, metricBytes - before.metricBytes);
    }

    String describe() {
        return String.format(java.util.Locale.ROOT, "%d trace requests (%.1f KB), %d metric requests (%.1f KB)",
                traceRequests, traceBytes / 1024.0, metricRequests, metricBytes / 1024.0);
    }
}
