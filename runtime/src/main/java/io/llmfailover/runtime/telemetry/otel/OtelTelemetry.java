package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.Telemetry;
import io.llmfailover.runtime.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link Telemetry} backed by the runtime's own OpenTelemetry SDK, or by OpenTelemetry's no-op when off. */
public final class OtelTelemetry implements Telemetry {

    static final String SCOPE = "io.llmfailover";
    private static final long FLUSH_WAIT_MILLIS = 5_000;
    /** Short, since it runs as the JVM exits: a collector that is down or slow must not hold the app up. */
    private static final long SHUTDOWN_WAIT_MILLIS = 1_500;

    private final OpenTelemetrySdk sdk;
    private final ExportSettings settings;
    private final CallObserver observer;
    private volatile boolean observedACall;
    private final BreakerListener breakerListener;
    private final ThrottleListener throttleListener;

    private OtelTelemetry(OpenTelemetrySdk sdk, ExportSettings settings, OpenTelemetry api, boolean observeCalls,
            boolean captureContent, Clock clock) {
        this.sdk = sdk;
        this.settings = settings;
        Meter meter = api.getMeter(SCOPE);
        ResilienceGauges gauges = new ResilienceGauges(meter);
        this.observer = observeCalls
                ? remembering(new GenAiObserver(api.getTracer(SCOPE), new GenAiMetrics(meter), gauges, clock,
                        captureContent, AppTraceContext.shared()))
                : CallObserver.NOOP;
        this.breakerListener = new BreakerTelemetry(gauges);
        this.throttleListener = new ThrottleTelemetry(gauges, clock);
    }

    /** Notes that a call was observed, so that an app that never made one exits without a flush. */
    private CallObserver remembering(CallObserver observer) {
        return (call, route) -> {
            if (!observedACall) {
                observedACall = true;
            }
            return observer.callStarted(call, route);
        };
    }

    public static Telemetry start(ExportSettings settings, Clock clock) {
        return start(settings, clock, List.of());
    }

    /** @param extraReaders further metric readers, for tests */
    public static Telemetry start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders) {
        return start(settings, clock, extraReaders, null);
    }

    /** @param senderLoader where the exporters find their HTTP sender, null for the SDK's own loader */
    public static Telemetry start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader senderLoader) {
        if (settings.disabled() || (!settings.exportsTraces() && !settings.exportsMetrics() && extraReaders.isEmpty())) {
            return loggingOnly(clock);
        }
        OpenTelemetrySdk sdk = TelemetrySdk.build(settings, clock, extraReaders, senderLoader);
        return new OtelTelemetry(sdk, settings, sdk, true, settings.captureContent(), clock);
    }

    /** No export, no spans: breaker and throttle transitions are still logged. */
    public static Telemetry loggingOnly(Clock clock) {
        return new OtelTelemetry(null, null, OpenTelemetry.noop(), false, false, clock);
    }

    @Override
    public CallObserver observer() {
        return observer;
    }

    @Override
    public BreakerListener breakerListener() {
        return breakerListener;
    }

    @Override
    public ThrottleListener throttleListener() {
        return throttleListener;
    }

    @Override
    public void flush() {
        if (sdk != null) {
            sdk.getSdkTracerProvider().forceFlush().join(FLUSH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            sdk.getSdkMeterProvider().forceFlush().join(FLUSH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void shutdown() {
        if (sdk == null || !observedACall) {
            // Nothing was recorded: exiting without a flush spares the app a wait on a collector.
            return;
        }
        if (settings.exportsOverOtlp() && !CollectorProbe.listening(settings.tracesEndpoint())
                && !CollectorProbe.listening(settings.metricsEndpoint())) {
            // Nothing listens: the last export could only retry until its deadline.
            return;
        }
        // The SDK's shutdown itself blocks while an exporter retries a collector that is down:
        // it runs on a daemon thread of its own, which the JVM does not wait for after our wait.
        Thread stopping = new Thread(() -> sdk.shutdown().join(SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS),
                "llm-failover-telemetry-stop");
        stopping.setDaemon(true);
        stopping.start();
        try {
            stopping.join(SHUTDOWN_WAIT_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
