package io.llmfailover.runtime.telemetry.otel;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The values of {@code otel.traces.exporter} and {@code otel.metrics.exporter} the agent speaks. */
enum ExporterKind {
    /** OTLP over HTTP/protobuf to the collector: the default. */
    OTLP,
    /** One line per span (or metric) in the agent's log: {@code console}, or its old name {@code logging}. */
    CONSOLE,
    /** Metrics only: an endpoint a Prometheus server scrapes ({@link PrometheusEndpoint}). */
    PROMETHEUS,
    NONE;

    /** @throws IllegalArgumentException naming the key, the value and the values that exist */
    static ExporterKind parse(String key, String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "otlp" -> OTLP;
            case "console", "logging" -> CONSOLE;
            case "none" -> NONE;
            case "prometheus" -> throw new IllegalArgumentException(key + " = " + value
                    + ": Prometheus takes metrics only; expected otlp, console (or logging) or none");
            default -> throw new IllegalArgumentException(key + " = " + value
                    + ": expected otlp, console (or logging) or none");
        };
    }

    /**
     * {@code otel.metrics.exporter}: {@code prometheus} alone or beside one exporter that pushes
     * ({@code otlp,prometheus}).
     *
     * @throws IllegalArgumentException naming the key, the value and the values that exist
     */
    static Set<ExporterKind> parseMetrics(String key, String value) {
        Set<ExporterKind> kinds = EnumSet.noneOf(ExporterKind.class);
        for (String name : value.split(",")) {
            String kind = name.strip().toLowerCase(Locale.ROOT);
            if (kind.equals("prometheus")) {
                kinds.add(PROMETHEUS);
            } else if (!kind.isEmpty()) {
                try {
                    kinds.add(parse(key, kind));
                } catch (IllegalArgumentException unknown) {
                    throw metricsError(key, value);
                }
            }
        }
        kinds.remove(NONE);
        if (kinds.contains(OTLP) && kinds.contains(CONSOLE)) {
            throw metricsError(key, value);
        }
        return kinds;
    }

    /** The exporter that pushes metrics out at each interval among these, or NONE. */
    static ExporterKind pushing(Set<ExporterKind> kinds) {
        return kinds.contains(OTLP) ? OTLP : kinds.contains(CONSOLE) ? CONSOLE : NONE;
    }

    private static IllegalArgumentException metricsError(String key, String value) {
        return new IllegalArgumentException(key + " = " + value
                + ": expected otlp, console (or logging), prometheus, otlp,prometheus or none");
    }
}
