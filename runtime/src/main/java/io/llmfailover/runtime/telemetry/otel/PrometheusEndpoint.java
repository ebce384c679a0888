package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;

/**
 * {@code otel.metrics.exporter = prometheus}: the metrics served over HTTP for a Prometheus scrape
 * at {@code http://<host>:<port>/metrics}, by OpenTelemetry's own Prometheus exporter. Its classes
 * are looked up by name, here and nowhere else, and only when it is chosen: an agent that does not
 * serve Prometheus loads none of them. In the agent they come from a loader under the platform
 * loader, which sees the JDK's HTTP server (jdk.httpserver) that the bootstrap loader cannot.
 *
 * @param host the interface the endpoint listens on ({@code otel.exporter.prometheus.host}); all by default
 * @param port {@code otel.exporter.prometheus.port}; 9464, as the OpenTelemetry Java agent's, by default
 */
record PrometheusEndpoint(String host, int port) {

    static final String DEFAULT_HOST = "0.0.0.0";
    static final int DEFAULT_PORT = 9464;

    /** Relocated with OpenTelemetry in the agent jar, like every class name here. */
    private static final String SERVER = "io.opentelemetry.exporter.prometheus.PrometheusHttpServer";

    PrometheusEndpoint {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("otel.exporter.prometheus.port = " + port + ": expected a port, 0 to 65535");
        }
    }

    static PrometheusEndpoint from(OtelProperties otel) {
        String port = otel.get("otel.exporter.prometheus.port", String.valueOf(DEFAULT_PORT));
        try {
            return new PrometheusEndpoint(otel.get("otel.exporter.prometheus.host", DEFAULT_HOST), Integer.parseInt(port));
        } catch (NumberFormatException malformed) {
            throw new IllegalArgumentException("otel.exporter.prometheus.port = " + port + ": expected a port, 0 to 65535");
        }
    }

    /**
     * Starts the endpoint, serving every scrape from the SDK's current metrics; empty, said once in
     * the log, when it cannot (the port is taken, the JVM has no jdk.httpserver): the other exports
     * and every call go on without it.
     *
     * @param loader where the exporter's classes are found, null for this class's own loader
     */
    Optional<MetricReader> start(ClassLoader loader) {
        try {
            Class<?> server = Class.forName(SERVER, true, loader != null ? loader : PrometheusEndpoint.class.getClassLoader());
            Object builder = server.getMethod("builder").invoke(null);
            builder.getClass().getMethod("setHost", String.class).invoke(builder, host);
            builder.getClass().getMethod("setPort", int.class).invoke(builder, port);
            return Optional.of((MetricReader) builder.getClass().getMethod("build").invoke(builder));
        } catch (InvocationTargetException failed) {
            return refused(failed.getCause());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException absent) {
            return refused(absent);
        }
    }

    private Optional<MetricReader> refused(Throwable why) {
        OnceLogger.notice("prometheus-endpoint", "llm-failover: the Prometheus endpoint could not start on " + host + ":"
                + port + " (" + why + "); metrics are not served for a scrape");
        return Optional.empty();
    }
}
