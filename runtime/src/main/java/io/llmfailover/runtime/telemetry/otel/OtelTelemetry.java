package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.StateReadings;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Telemetry} backed by the runtime's own OpenTelemetry SDK, started on the telemetry thread
 * when the first call is made (see {@link TelemetryExport}); or no export at all when off, breaker
 * and throttle transitions still logged.
 */
public final class OtelTelemetry implements Telemetry {

    static final String SCOPE = "io.llmfailover";
    /** Covers the SDK's start on a slow machine, then the export itself. */
    private static final long FLUSH_WAIT_MILLIS = 15_000;
    /** Short, since it runs as the JVM exits: a collector that is down or slow must not hold the app up. */
    static final long SHUTDOWN_WAIT_MILLIS = 1_500;
    /**
     * At exit, an SDK still starting gets this long to come up and export the calls made so far: it
     * starts with the first call and takes well under a second on an idle machine, so only a JVM
     * that exits at once after its first call, on a busy machine, waits for it at all.
     */
    private static final long STARTING_SDK_WAIT_MILLIS = 10_000;
    /** At exit with nothing listening: writing the last calls into a started SDK is in memory, quick. */
    private static final long WRITE_PENDING_WAIT_MILLIS = 200;

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.telemetry");

    private final ExportSettings settings;
    private final TelemetryExport export;
    private final Undelivered undelivered;
    private final CallObserver observer;
    private final BreakerListener breakerListener;
    private final ThrottleListener throttleListener;
    private final ResilienceGauges gauges;

    private OtelTelemetry(ExportSettings settings, TelemetryExport export, Undelivered undelivered,
            ResilienceGauges gauges, CallObserver observer, Clock clock) {
        this.settings = settings;
        this.export = export;
        this.undelivered = undelivered;
        this.observer = observer;
        this.gauges = gauges;
        this.breakerListener = new BreakerTelemetry(gauges);
        this.throttleListener = new ThrottleTelemetry(gauges, clock);
    }

    public static Telemetry start(ExportSettings settings, Clock clock) {
        return start(settings, clock, List.of());
    }

    /** @param extraReaders further metric readers, for tests */
    public static Telemetry start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders) {
        return start(settings, clock, extraReaders, null);
    }

    /**
     * Cheap: nothing of the SDK is loaded until the first call, unless metrics are served for a
     * scrape, whose endpoint the SDK then starts at once on its own thread.
     *
     * @param httpServerLoader where the Prometheus endpoint finds the JDK's HTTP server, null for the SDK's own loader
     */
    public static Telemetry start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader httpServerLoader) {
        if (settings.disabled() || (!settings.exportsTraces() && !settings.exportsMetrics() && extraReaders.isEmpty())) {
            return loggingOnly(clock);
        }
        ResilienceGauges gauges = new ResilienceGauges();
        Undelivered undelivered = new Undelivered();
        TelemetryExport export = new TelemetryExport(self -> TelemetryWriter.start(settings, clock, extraReaders,
                httpServerLoader, gauges, self::droppedCalls, undelivered), settings.maxQueueSize());
        GenAiObserver observer = new GenAiObserver(export, clock, settings.captureContent(), AppTraceContext.shared());
        if (settings.servesPrometheus()) {
            export.start(); // a scrape finds the endpoint before the first call, not a target that is down
        }
        return new OtelTelemetry(settings, export, undelivered, gauges, observer, clock);
    }

    /** No export, no spans: breaker and throttle transitions are still logged. */
    public static Telemetry loggingOnly(Clock clock) {
        return new OtelTelemetry(null, null, null, new ResilienceGauges(), CallObserver.NOOP, clock);
    }

    /** Whether the SDK is up, waiting for it as long as given if it is starting; false if it was never started. */
    boolean awaitStart(long waitMillis) {
        return export != null && export.awaitStart(waitMillis);
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
    public void read(StateReadings readings) {
        gauges.read(readings);
    }

    @Override
    public void flush() {
        if (export != null) {
            export.flush(FLUSH_WAIT_MILLIS);
        }
    }

    @Override
    public void shutdown() {
        if (export == null || !export.isStarted()) {
            // No call was made: exiting without a flush spares the app a wait on a collector.
            return;
        }
        if (settings.exportsOverOtlp() && !CollectorProbe.listening(settings.tracesEndpoint())
                && !CollectorProbe.listening(settings.metricsEndpoint())) {
            // Nothing listens: the last export could only retry until its deadline.
            export.writePending(WRITE_PENDING_WAIT_MILLIS);
            sayWhatWasNotDelivered();
            return;
        }
        // Returns after the wait even if the SDK's shutdown still blocks on a slow collector: the
        // telemetry thread is a daemon, which the JVM does not wait for.
        if (export.awaitStart(STARTING_SDK_WAIT_MILLIS)) {
            export.stop(SHUTDOWN_WAIT_MILLIS + 500);
        }
        sayWhatWasNotDelivered();
    }

    /** Once, at exit: how many spans and calls' metrics the OTLP exporters never delivered, and where to. */
    private void sayWhatWasNotDelivered() {
        if (!settings.exportsOverOtlp()) {
            return;
        }
        try {
            List<GenAiCallScope> pending = export.pending();
            SpanKeeping keeping = SpanKeeping.of(settings);
            long pendingSpans = pending.stream().filter(keeping::keeps).mapToLong(CallSpans::count).sum();
            String line = undelivered.line(settings, pendingSpans, pending.size());
            if (line != null) {
                LOG.warn(line);
            }
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("counting undelivered telemetry", internal);
        }
    }
}
