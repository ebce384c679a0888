package io.llmfailover.e2e;

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
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An OTLP/HTTP collector for the child JVMs: decodes the real protobuf requests posted to
 * {@code /v1/traces} and {@code /v1/metrics}, answers {@code /v1/logs} with nothing kept, and keeps
 * every raw byte received for searching.
 */
final class OtlpReceiver implements AutoCloseable {

    /** A span with the name of the instrumentation scope that made it. */
    record ScopedSpan(String scope, Span span) {
        String name() {
            return span.getName();
        }

        String traceId() {
            return hex(span.getTraceId().toByteArray());
        }

        String spanId() {
            return hex(span.getSpanId().toByteArray());
        }

        String parentSpanId() {
            return hex(span.getParentSpanId().toByteArray());
        }

        Map<String, Object> attributes() {
            return OtlpReceiver.attributes(span.getAttributesList());
        }

        Object attribute(String key) {
            return attributes().get(key);
        }

        @Override
        public String toString() {
            return scope + ":" + name() + attributes();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final List<ExportTraceServiceRequest> traces = new ArrayList<>();
    private final List<ExportMetricsServiceRequest> metrics = new ArrayList<>();
    private final ByteArrayOutputStream rawBytes = new ByteArrayOutputStream();

    OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(executor);
        server.createContext("/v1/traces", this::traces);
        server.createContext("/v1/metrics", this::metrics);
        server.createContext("/v1/logs", this::logs);
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void traces(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        synchronized (this) {
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

    private void logs(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        synchronized (this) {
            rawBytes.writeBytes(body);
        }
        answer(exchange);
    }

    private static void answer(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
    }

    synchronized List<ScopedSpan> spans() {
        List<ScopedSpan> spans = new ArrayList<>();
        traces.forEach(request -> request.getResourceSpansList().forEach(resource ->
                resource.getScopeSpansList().forEach(scope -> scope.getSpansList().forEach(span ->
                        spans.add(new ScopedSpan(scope.getScope().getName(), span))))));
        return spans;
    }

    /** The one span with this name, from the given instrumentation scope. */
    ScopedSpan span(String scope, String name) {
        List<ScopedSpan> named = spans().stream()
                .filter(span -> span.scope().equals(scope) && span.name().equals(name))
                .toList();
        if (named.size() != 1) {
            throw new AssertionError("expected one span '" + name + "' from " + scope + ", got " + named.size()
                    + " among " + spans());
        }
        return named.get(0);
    }

    List<ScopedSpan> childrenOf(ScopedSpan parent) {
        return spans().stream()
                .filter(span -> span.traceId().equals(parent.traceId()) && span.parentSpanId().equals(parent.spanId()))
                .toList();
    }

    List<ScopedSpan> trace(String traceId) {
        return spans().stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    /** Every exported metric with this name, over all exports. */
    synchronized List<Metric> metrics(String name) {
        List<Metric> found = new ArrayList<>();
        metrics.forEach(request -> request.getResourceMetricsList().forEach(resource ->
                resource.getScopeMetricsList().forEach(scope -> scope.getMetricsList().stream()
                        .filter(metric -> metric.getName().equals(name))
                        .forEach(found::add))));
        return found;
    }

    synchronized byte[] rawBytes() {
        return rawBytes.toByteArray();
    }

    static Map<String, Object> attributes(List<KeyValue> keyValues) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        keyValues.forEach(kv -> attributes.put(kv.getKey(), value(kv.getValue())));
        return attributes;
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

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
