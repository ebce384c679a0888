package io.llmfailover.runtime.telemetry.otel;

import java.util.Locale;

/** The values of {@code otel.traces.exporter} and {@code otel.metrics.exporter} the agent speaks. */
enum ExporterKind {
    /** OTLP over HTTP/protobuf to the collector: the default. */
    OTLP,
    /** One line per span (or metric) in the agent's log: {@code console}, or its old name {@code logging}. */
    CONSOLE,
    NONE;

    /** @throws IllegalArgumentException naming the key, the value and the values that exist */
    static ExporterKind parse(String key, String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "otlp" -> OTLP;
            case "console", "logging" -> CONSOLE;
            case "none" -> NONE;
            default -> throw new IllegalArgumentException(key + " = " + value
                    + ": expected otlp, console (or logging) or none");
        };
    }
}
