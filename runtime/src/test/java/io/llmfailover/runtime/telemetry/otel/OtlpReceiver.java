package io.llmfailover.runtime.telemetry.otel;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * An OTLP/HTTP collector inside the tests: decodes the real protobuf requests the exporters post
 * to {@code /v1/traces} and {@code /v1/metrics}, and keeps the raw bytes for searching.
 */
final class OtlpReceiver implements AutoCloseable {

    private final HttpServer server;
    private final Duration tracesDelay;
    private final List<ExportTraceServiceRequest> traces = new ArrayList<>();
    private final List<ExportMetricsServiceRequest> metrics = new ArrayList<>();
    private final ByteArrayOutputStream rawBytes = new ByteArrayOutputStream();
    private int traceRequests;

    OtlpReceiver() throws IOException {
        this(Duration.ZERO);
    }

    /** @param tracesDelay how long each trace export is held before it is answered: a slow collector */
    OtlpReceiver(Duration tracesDelay) throws IOException {
        this.tracesDelay = tracesDelay;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/v1/traces", this::traces);
        server.createContext("/v1/metrics", this::metrics);
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void traces(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        try {
            Thread.sleep(tracesDelay.toMillis());
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            traceRequests++;
            rawBytes.writeBytes(body);
            traces.add(ExportTraceServiceRequest.parseFrom(body));
        }
        answer(exchange);
    }

    private void metrics(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        synchronized (this) {
            rawBytes.writeBytes(body);
            metrics.add(ExportMetricsServiceRequest.parseFrom(body));
        }
        answer(exchange);
    }

    private static void answer(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
        exchange.sendResponseHeaders(200, 0);
        exchange.close();
    }

    synchronized List<Span> spans() {
        List<Span> spans = new ArrayList<>();
        traces.forEach(request -> request.getResourceSpansList().forEach(resource ->
                resource.getScopeSpansList().forEach(scope -> spans.addAll(scope.getSpansList()))));
        return spans;
    }

    synchronized int traceRequests() {
        return traceRequests;
    }

    Span span(String name) {
        List<Span> named = spans().stream().filter(span -> span.getName().equals(name)).toList();
        if (named.size() != 1) {
            throw new AssertionError("expected one span named '" + name + "', got " + named.size() + " among "
                    + spans().stream().map(Span::getName).toList());
        }
        return named.get(0);
    }

    List<Span> childrenOf(Span parent) {
        return spans().stream().filter(span -> span.getParentSpanId().equals(parent.getSpanId())).toList();
    }

    /** The last exported data of a metric (metrics are cumulative: the last export holds the totals). */
    synchronized Optional<Metric> metric(String name) {
        Metric found = null;
        for (ExportMetricsServiceRequest request : metrics) {
            for (var resource : request.getResourceMetricsList()) {
                for (var scope : resource.getScopeMetricsList()) {
                    for (Metric metric : scope.getMetricsList()) {
                        if (metric.getName().equals(name)) {
                            found = metric;
                        }
                    }
                }
            }
        }
        return Optional.ofNullable(found);
    }

    synchronized byte[] rawBytes() {
        return rawBytes.toByteArray();
    }

    static Map<String, Object> attributes(List<KeyValue> keyValues) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        keyValues.forEach(kv -> attributes.put(kv.getKey(), value(kv.getValue())));
        return attributes;
    }

    static Map<String, Object> attributes(Span span) {
        return attributes(span.getAttributesList());
    }

    private static Object value(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case BOOL_VALUE -> value.getBoolValue();
            case INT_VALUE -> value.getIntValue();
            case DOUBLE_VALUE -> value.getDoubleValue();
            case ARRAY_VALUE -> value.getArrayValue().getValuesList().stream().map(OtlpReceiver::value).toList();
            default -> value.toString();
        };
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
