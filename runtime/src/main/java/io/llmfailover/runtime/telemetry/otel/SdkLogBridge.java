package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.slf4j.LoggerFactory;

/**
 * Our OpenTelemetry SDK reports its own trouble (a collector that is down: every batch, every
 * metric interval) through java.util.logging, under its (in the agent, shaded) package names. This
 * handler takes those records away from the app's JUL handlers and hands the first problem each
 * SDK component reports (the span exporter, the metric reader...) to our log, so a missing
 * collector costs the app a line or two at most, not one line per export.
 */
final class SdkLogBridge extends Handler {

    /** Enough for every SDK component that reports; beyond it, everything is dropped. */
    private static final int MAX_PROBLEMS = 64;
    /** The SDK's own note that it logs less from now on: we already do. */
    private static final String THROTTLING_NOTICE = "Too many log messages detected";
    private static final Formatter MESSAGES = new SimpleFormatter();
    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger("io.llmfailover.telemetry");

    /** Held strongly: java.util.logging forgets the settings of a logger nobody references. */
    private static volatile Logger sdkLogger;

    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private final String advice;

    private SdkLogBridge(String advice) {
        this.advice = advice;
    }

    /** Idempotent; never throws. */
    static synchronized void install(ExportSettings settings) {
        if (sdkLogger != null) {
            return;
        }
        try {
            Logger logger = Logger.getLogger(sdkPackageRoot());
            logger.setUseParentHandlers(false);
            logger.setLevel(Level.INFO);
            logger.addHandler(new SdkLogBridge(advice(settings)));
            sdkLogger = logger;
        } catch (RuntimeException | LinkageError unavailable) {
            LOG.debug("llm-failover: OpenTelemetry's own log stays where java.util.logging sends it", unavailable);
        }
    }

    /** {@code io.opentelemetry}, or its relocated name inside the agent jar. */
    static String sdkPackageRoot() {
        String sdkClass = OpenTelemetrySdk.class.getName();
        String root = "opentelemetry";
        return sdkClass.substring(0, sdkClass.indexOf(root) + root.length());
    }

    @Override
    public void publish(LogRecord record) {
        if (record == null || record.getLevel().intValue() < Level.INFO.intValue()) {
            return;
        }
        String message = String.valueOf(MESSAGES.formatMessage(record));
        if (message.startsWith(THROTTLING_NOTICE) || reported.size() >= MAX_PROBLEMS
                || !reported.add(String.valueOf(record.getLoggerName()))) {
            return;
        }
        String line = "llm-failover: telemetry export: {} ({}; further problems of this kind are not logged)";
        if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
            LOG.warn(line, message, advice);
        } else {
            LOG.info(line, message, advice);
        }
    }

    /** Where the agent exports, and how to turn that off: what an operator needs to act on the warning. */
    static String advice(ExportSettings settings) {
        StringBuilder where = new StringBuilder("exporting to ");
        if (settings.tracesEndpoint() != null) {
            where.append(settings.tracesEndpoint());
        }
        if (settings.metricsEndpoint() != null) {
            where.append(settings.tracesEndpoint() != null ? " and " : "").append(settings.metricsEndpoint());
        }
        return where.append("; start a collector there, set otel.exporter.otlp.endpoint, or turn export off with ")
                .append("otel.traces.exporter = none and otel.metrics.exporter = none (or otel.sdk.disabled = true)")
                .toString();
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
