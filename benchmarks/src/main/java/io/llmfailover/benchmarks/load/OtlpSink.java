package io.llmfailover.benchmarks.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A collector in a process of its own, so that the agent's telemetry is exported for real (encoded,
 * sent over loopback, acknowledged) without the collector's work landing in the app's JVM. OTLP over
 * HTTP: {@code POST /v1/traces} and {@code /v1/metrics} are counted, read and answered 200 with an
 * empty protobuf body; {@code GET /stats} tells what was received. Prints {@code SINK port=N} once
 * it listens; exits when its standard input closes.
 */
public final class OtlpSink {

    private final AtomicLong traceRequests = new AtomicLong();
    private final AtomicLong traceBytes = new AtomicLong();
    private final AtomicLong metricRequests = new AtomicLong();
    private final AtomicLong metricBytes = new AtomicLong();

    public static void main(String[] args) throws IOException {
        OtlpSink sink = new OtlpSink();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", sink::handle);
        server.start();
        System.out.println("SINK port=" + server.getAddress().getPort());
        System.out.flush();
        // The benchmark holds our standard input: when it exits, so do we.
        while (System.in.read() >= 0) {
            // Nothing is ever sent on it.
        }
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            long bytes = drain(exchange.getRequestBody());
            if ("GET".equals(exchange.getRequestMethod()) && path.equals("/stats")) {
                answer(exchange, 200, "text/plain", stats());
            } else if (path.endsWith("/v1/traces")) {
                traceRequests.incrementAndGet();
                traceBytes.addAndGet(bytes);
                answer(exchange, 200, "application/x-protobuf", "");
            } else if (path.endsWith("/v1/metrics")) {
                metricRequests.incrementAndGet();
                metricBytes.addAndGet(bytes);
                answer(exchange, 200, "application/x-protobuf", "");
            } else {
                answer(exchange, 404, "text/plain", "");
            }
        }
    }

    private String stats() {
        return Command.of("STATS").with("traceRequests", traceRequests.get()).with("traceBytes", traceBytes.get())
                .with("metricRequests", metricRequests.get()).with("metricBytes", metricBytes.get()).encode();
    }

    private static long drain(InputStream body) throws IOException {
        byte[] buffer = new byte[8192];
        long total = 0;
        for (int n; (n = body.read(buffer)) >= 0; ) {
            total += n;
        }
        return total;
    }

    private static void answer(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }
}
