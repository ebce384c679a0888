package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.operations.faults.InjectedFault;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.common.ComponentLoader;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporterBuilder;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.OpenTelemetrySdkBuilder;
import io.opentelemetry.sdk.common.InternalTelemetryVersion;
import io.opentelemetry.sdk.common.export.HttpSenderProvider;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.SdkMeterProviderBuilder;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.util.List;
import java.util.Locale;

/**
 * Builds the runtime's own OpenTelemetry SDK from {@link ExportSettings}, by hand rather than
 * through autoconfiguration: OTLP/HTTP protobuf over {@code HttpURLConnection} ({@link UrlConnectionSender}), spans batched in a
 * bounded queue and exported off the calling thread (a full queue drops spans, counted by the
 * SDK's own {@code otel.sdk.processor.span.processed} metric), metrics read periodically or served
 * for a Prometheus scrape.
 */
public final class TelemetrySdk {

    /**
     * The sampler names of {@code otel.traces.sampler}, and {@code llm_failover}, which samples
     * before the SDK does (see {@link SpanKeeping}): the SDK then keeps what it is given.
     */
    private static final List<String> SAMPLERS = List.of("always_on", "always_off", "traceidratio",
            "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio", SpanKeeping.KEEP_FAILOVERS);

    private TelemetrySdk() {}

    public static OpenTelemetrySdk build(ExportSettings settings, Clock clock) {
        return build(settings, clock, List.of());
    }

    /** @param extraReaders further metric readers, for tests that look at metrics without a collector */
    public static OpenTelemetrySdk build(ExportSettings settings, Clock clock, List<MetricReader> extraReaders) {
        return build(settings, clock, extraReaders, null);
    }

    /**
     * @param httpServerLoader where the exporters look up what uses the JDK's HTTP modules (the Prometheus
     *     endpoint on its HTTP server), null for the SDK's own loader
     */
    public static OpenTelemetrySdk build(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader httpServerLoader) {
        return build(settings, clock, extraReaders, httpServerLoader, IdGenerator.random(), new Undelivered());
    }

    /**
     * @param ids the span and trace ids of the spans started next (the telemetry thread presets them)
     * @param undelivered counts what the exporters take and deliver
     */
    static OpenTelemetrySdk build(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader httpServerLoader, IdGenerator ids, Undelivered undelivered) {
        SdkLogBridge.install(settings);
        Resource resource = resource(settings);
        SdkMeterProviderBuilder meters = SdkMeterProvider.builder().setResource(resource).setClock(SdkClock.of(clock));
        if (settings.pushesMetrics()) {
            meters.registerMetricReader(PeriodicMetricReader.builder(undelivered.delivering(metricExporter(settings, httpServerLoader)))
                    .setInterval(settings.metricInterval())
                    .build());
        }
        if (settings.servesPrometheus()) {
            settings.prometheus().start(httpServerLoader).ifPresent(meters::registerMetricReader);
        }
        extraReaders.forEach(meters::registerMetricReader);
        SdkMeterProvider meterProvider = meters.build();

        OpenTelemetrySdkBuilder sdk = OpenTelemetrySdk.builder().setMeterProvider(meterProvider);
        if (settings.exportsTraces()) {
            sdk.setTracerProvider(SdkTracerProvider.builder()
                    .setResource(resource)
                    .setClock(SdkClock.of(clock))
                    .setIdGenerator(ids)
                    .setSampler(sampler(settings.sampler(), settings.samplerArg()))
                    .addSpanProcessor(undelivered.counting())
                    .addSpanProcessor(BatchSpanProcessor.builder(
                                    undelivered.delivering(InjectedFault.maybeBlocking(spanExporter(settings, httpServerLoader))))
                            .setMaxQueueSize(settings.maxQueueSize())
                            .setMaxExportBatchSize(Math.min(settings.maxExportBatchSize(), settings.maxQueueSize()))
                            .setScheduleDelay(settings.scheduleDelay())
                            .setExporterTimeout(settings.exportTimeout())
                            .setMeterProvider(() -> meterProvider)
                            .setInternalTelemetryVersion(InternalTelemetryVersion.LATEST)
                            .build())
                    .build());
        }
        // Deliberately not registered as GlobalOpenTelemetry: the global slot belongs to the app.
        return sdk.build();
    }

    private static SpanExporter spanExporter(ExportSettings settings, ClassLoader httpServerLoader) {
        if (settings.tracesExporter() == ExporterKind.CONSOLE) {
            return new LogSpanExporter();
        }
        OtlpHttpSpanExporterBuilder exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(settings.tracesEndpoint())
                .setTimeout(settings.exportTimeout())
                .setMeterProvider(io.opentelemetry.api.metrics.MeterProvider::noop);
        settings.tracesHeaders().forEach(exporter::addHeader);
        exporter.setComponentLoader(withUrlConnectionSender(httpServerLoader));
        return exporter.build();
    }

    private static MetricExporter metricExporter(ExportSettings settings, ClassLoader httpServerLoader) {
        if (settings.metricsExporter() == ExporterKind.CONSOLE) {
            return new LogMetricExporter();
        }
        OtlpHttpMetricExporterBuilder exporter = OtlpHttpMetricExporter.builder()
                .setEndpoint(settings.metricsEndpoint())
                .setTimeout(settings.exportTimeout());
        settings.metricsHeaders().forEach(exporter::addHeader);
        exporter.setComponentLoader(withUrlConnectionSender(httpServerLoader));
        return exporter.build();
    }

    /**
     * Components as the given loader has them (the SDK's own when null), but the HTTP sender: always
     * {@link UrlConnectionSender}, whose reasons are on that class.
     */
    private static ComponentLoader withUrlConnectionSender(ClassLoader loader) {
        ComponentLoader services = ComponentLoader.forClassLoader(loader != null ? loader : TelemetrySdk.class.getClassLoader());
        return new ComponentLoader() {
            @Override
            public <T> Iterable<T> load(Class<T> spi) {
                if (spi == HttpSenderProvider.class) {
                    HttpSenderProvider urlConnection = UrlConnectionSender::new;
                    return List.of(spi.cast(urlConnection));
                }
                return services.load(spi);
            }
        };
    }

    private static Resource resource(ExportSettings settings) {
        AttributesBuilder attributes = Attributes.builder();
        settings.resourceAttributes().forEach(attributes::put);
        attributes.put("service.name", settings.serviceName());
        attributes.put("telemetry.distro.name", "llm-failover");
        return Resource.getDefault().merge(Resource.create(attributes.build()));
    }

    /**
     * Refuses a sampler the SDK would not take, at start, without loading the SDK's samplers (whose
     * classes set up java.util.logging, which {@code premain} leaves to the app).
     */
    static void checkSampler(String name, String arg) {
        String sampler = name.toLowerCase(Locale.ROOT);
        if (!SAMPLERS.contains(sampler)) {
            throw new IllegalArgumentException("otel.traces.sampler = " + name + ": expected "
                    + String.join(", ", SAMPLERS.subList(0, SAMPLERS.size() - 1)) + " or " + SAMPLERS.get(SAMPLERS.size() - 1));
        }
        double ratio = ratio(arg);
        if (sampler.endsWith("traceidratio") && !(ratio >= 0 && ratio <= 1)) {
            throw new IllegalArgumentException("otel.traces.sampler.arg = " + arg + ": expected a ratio between 0 and 1");
        }
    }

    static Sampler sampler(String name, String arg) {
        checkSampler(name, arg);
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "always_off" -> Sampler.alwaysOff();
            case "traceidratio" -> Sampler.traceIdRatioBased(ratio(arg));
            case "parentbased_always_off" -> Sampler.parentBased(Sampler.alwaysOff());
            case "parentbased_traceidratio" -> Sampler.parentBased(Sampler.traceIdRatioBased(ratio(arg)));
            case "parentbased_always_on" -> Sampler.parentBased(Sampler.alwaysOn());
            default -> Sampler.alwaysOn(); // always_on, and llm_failover's choice made before the SDK's
        };
    }

    static double ratio(String arg) {
        if (arg == null) {
            return 1.0;
        }
        try {
            return Double.parseDouble(arg);
        } catch (NumberFormatException malformed) {
            throw new IllegalArgumentException("otel.traces.sampler.arg = " + arg + ": expected a ratio between 0 and 1");
        }
    }
}
