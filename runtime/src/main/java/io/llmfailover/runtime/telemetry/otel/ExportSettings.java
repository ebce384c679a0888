package io.llmfailover.runtime.telemetry.otel;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How telemetry is exported, read once at start from the standard {@code otel.*} settings, with
 * the OpenTelemetry Java agent's defaults. Only OTLP over HTTP/protobuf is spoken, and metrics may
 * also be served for a Prometheus scrape.
 *
 * @param tracesEndpoint the full URL spans are posted to, null when traces are not exported
 * @param metricsEndpoint the full URL metrics are posted to, null when metrics are not exported
 * @param headers extra headers per signal (often a collector's credential: never logged)
 * @param metricsExporter the exporter that pushes metrics at each interval, NONE when only scraped or off
 * @param prometheus the scrape endpoint, null unless {@code otel.metrics.exporter} names {@code prometheus}
 * @param captureContent {@code OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT}: record prompts and completions
 */
public record ExportSettings(
        boolean disabled,
        String serviceName,
        Map<String, String> resourceAttributes,
        String tracesEndpoint,
        Map<String, String> tracesHeaders,
        String metricsEndpoint,
        Map<String, String> metricsHeaders,
        Duration exportTimeout,
        String sampler,
        String samplerArg,
        Duration metricInterval,
        int maxQueueSize,
        int maxExportBatchSize,
        Duration scheduleDelay,
        boolean captureContent,
        ExporterKind tracesExporter,
        ExporterKind metricsExporter,
        PrometheusEndpoint prometheus) {

    public static final String DEFAULT_ENDPOINT = "http://localhost:4318";
    public static final String DEFAULT_SERVICE_NAME = "unknown_service:java";
    public static final String CAPTURE_CONTENT_KEY = "otel.instrumentation.genai.capture-message-content";

    public ExportSettings {
        TelemetrySdk.checkSampler(sampler, samplerArg); // a bad sampler is a setting error, reported at start
        resourceAttributes = Map.copyOf(resourceAttributes);
        tracesHeaders = Map.copyOf(tracesHeaders);
        metricsHeaders = Map.copyOf(metricsHeaders);
    }

    public static ExportSettings from(OtelProperties otel) {
        String base = stripSlash(otel.get("otel.exporter.otlp.endpoint", DEFAULT_ENDPOINT));
        Map<String, String> headers = headers(otel.get("otel.exporter.otlp.headers", ""));
        ExporterKind traces = ExporterKind.parse("otel.traces.exporter", otel.get("otel.traces.exporter", "otlp"));
        Set<ExporterKind> metricKinds = ExporterKind.parseMetrics("otel.metrics.exporter", otel.get("otel.metrics.exporter", "otlp"));
        ExporterKind metrics = ExporterKind.pushing(metricKinds);
        return new ExportSettings(
                Boolean.parseBoolean(otel.get("otel.sdk.disabled", "false")),
                otel.get("otel.service.name").orElseGet(() -> resourceAttributes(otel)
                        .getOrDefault("service.name", DEFAULT_SERVICE_NAME)),
                resourceAttributes(otel),
                traces == ExporterKind.OTLP ? otel.get("otel.exporter.otlp.traces.endpoint", base + "/v1/traces") : null,
                merged(headers, otel.get("otel.exporter.otlp.traces.headers", "")),
                metrics == ExporterKind.OTLP ? otel.get("otel.exporter.otlp.metrics.endpoint", base + "/v1/metrics") : null,
                merged(headers, otel.get("otel.exporter.otlp.metrics.headers", "")),
                millis(otel, "otel.exporter.otlp.timeout", 10_000),
                otel.get("otel.traces.sampler", "parentbased_always_on").toLowerCase(Locale.ROOT),
                otel.get("otel.traces.sampler.arg").orElse(null),
                millis(otel, "otel.metric.export.interval", 60_000),
                integer(otel, "otel.bsp.max.queue.size", 2048),
                integer(otel, "otel.bsp.max.export.batch.size", 512),
                millis(otel, "otel.bsp.schedule.delay", 5_000),
                captureContent(otel.get(CAPTURE_CONTENT_KEY, "false")),
                traces, metrics,
                metricKinds.contains(ExporterKind.PROMETHEUS) ? PrometheusEndpoint.from(otel) : null);
    }

    public boolean exportsTraces() {
        return !disabled && tracesExporter != ExporterKind.NONE;
    }

    public boolean exportsMetrics() {
        return pushesMetrics() || servesPrometheus();
    }

    /** True when metrics are sent out at each {@code otel.metric.export.interval}. */
    boolean pushesMetrics() {
        return !disabled && metricsExporter != ExporterKind.NONE;
    }

    boolean servesPrometheus() {
        return !disabled && prometheus != null;
    }

    /** True when something is sent to a collector over OTLP, which may be down. */
    boolean exportsOverOtlp() {
        return !disabled && (tracesEndpoint != null || metricsEndpoint != null);
    }

    /** Older instrumentations take true/false, newer ones a mode; any mode that records content counts. */
    static boolean captureContent(String value) {
        String mode = value.trim().toLowerCase(Locale.ROOT);
        return mode.equals("true") || mode.equals("span_only") || mode.equals("span_and_event")
                || mode.equals("event_only");
    }

    /** {@code key1=value1,key2=value2}, values URL-encoded, as the OTLP exporter spec writes them. */
    static Map<String, String> headers(String spec) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String pair : spec.split(",")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                headers.put(pair.substring(0, equals).trim(),
                        URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
            }
        }
        return headers;
    }

    private static Map<String, String> merged(Map<String, String> general, String specific) {
        Map<String, String> merged = new LinkedHashMap<>(general);
        merged.putAll(headers(specific));
        return merged;
    }

    private static Map<String, String> resourceAttributes(OtelProperties otel) {
        return headers(otel.get("otel.resource.attributes", ""));
    }

    /** OpenTelemetry durations are milliseconds when bare, or carry ms / s / m. */
    static Duration millis(OtelProperties otel, String key, long defaultMillis) {
        String value = otel.get(key).orElse(null);
        if (value == null) {
            return Duration.ofMillis(defaultMillis);
        }
        try {
            String lower = value.toLowerCase(Locale.ROOT);
            if (lower.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(lower.substring(0, lower.length() - 2).trim()));
            }
            if (lower.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(lower.substring(0, lower.length() - 1).trim()));
            }
            if (lower.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(lower.substring(0, lower.length() - 1).trim()));
            }
            return Duration.ofMillis(Long.parseLong(lower));
        } catch (NumberFormatException malformed) {
            throw new IllegalArgumentException(key + " = " + value + ": expected a duration such as 5000, 5s or 500ms");
        }
    }

    private static int integer(OtelProperties otel, String key, int defaultValue) {
        String value = otel.get(key).orElse(null);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException malformed) {
            throw new IllegalArgumentException(key + " = " + value + ": expected a whole number");
        }
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    @Override
    public String toString() {
        // Never the headers: they often carry the collector's credential.
        return "ExportSettings[service=" + serviceName + ", traces=" + tracesEndpoint + ", metrics=" + metricsEndpoint
                + (prometheus == null ? "" : ", prometheus=" + prometheus.host() + ":" + prometheus.port())
                + ", sampler=" + sampler + (samplerArg == null ? "" : "(" + samplerArg + ")")
                + ", captureContent=" + captureContent + (disabled ? ", disabled" : "") + "]";
    }
}
