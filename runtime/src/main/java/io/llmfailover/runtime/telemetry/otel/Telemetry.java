package io.llmfailover.runtime.telemetry.otel;


import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.StateReadings;
import io.llmfailover.runtime.time.Clock;

/**
 * The runtime's telemetry, started once by the agent: the observer the gateway reports calls to,
 * the listeners the breakers and throttles report transitions to, and the export behind them.
 * Starting never fails: a bad {@code otel.*} setting is logged once and telemetry is off, while
 * breaker and throttle transitions are still logged.
 */
public interface Telemetry {

    CallObserver observer();

    BreakerListener breakerListener();

    ThrottleListener throttleListener();

    /** No telemetry at all: what a call reports to when telemetry could not start. */
    Telemetry NOOP = new Telemetry() {
        @Override
        public CallObserver observer() {
            return CallObserver.NOOP;
        }

        @Override
        public BreakerListener breakerListener() {
            return (breaker, from, to) -> { };
        }

        @Override
        public ThrottleListener throttleListener() {
            return new ThrottleListener() { };
        }

        @Override
        public void flush() {}

        @Override
        public void shutdown() {}
    };

    /** From now on the gauges read this gateway's state (the latest one built, after a reload). */
    default void read(StateReadings readings) {}

    /** Exports what is pending, waiting at most a few seconds; for tests and orderly shutdown. */
    void flush();

    /**
     * Exports what is pending and stops the exporters, waiting at most about a second and a half
     * (it runs as the JVM exits); what a slow collector has not taken by then is dropped.
     */
    void shutdown();

    /** Telemetry set up from the config's {@code otel.*} keys, system properties and {@code OTEL_*} variables. */
    static Telemetry start(FailoverConfig config) {
        return start(config, Clock.SYSTEM, null);
    }

    /**
     * Cheap: the OpenTelemetry SDK starts on a thread of its own with the first call, which does
     * not wait for it.
     *
     * @param httpServerLoader where the Prometheus endpoint finds the JDK's HTTP server (jdk.httpserver):
     *     the agent, whose runtime lives in the bootstrap class loader that cannot see that module,
     *     passes a loader that can; null for this class's own loader
     */
    static Telemetry start(FailoverConfig config, ClassLoader httpServerLoader) {
        return start(config, Clock.SYSTEM, httpServerLoader);
    }

    /**
     * Checks the export settings ({@code otel.traces.exporter}, the sampler …) at start, so that a
     * typo is a config error like any other rather than telemetry silently off.
     *
     * @throws IllegalArgumentException naming the key, the value and what is expected
     */
    static void validate(FailoverConfig config) {
        ExportSettings.from(OtelProperties.of(config.otel()));
    }

    static Telemetry start(FailoverConfig config, Clock clock) {
        return start(config, clock, null);
    }

    static Telemetry start(FailoverConfig config, Clock clock, ClassLoader httpServerLoader) {
        ExportSettings settings;
        try {
            OtelProperties otel = OtelProperties.of(config.otel());
            String protocol = otel.get("otel.exporter.otlp.protocol", "http/protobuf");
            if (!protocol.equals("http/protobuf")) {
                OnceLogger.notice("otel-protocol", "llm-failover: otel.exporter.otlp.protocol = " + protocol
                        + " is not supported; exporting OTLP over http/protobuf instead");
            }
            settings = ExportSettings.from(otel);
        } catch (RuntimeException badSetting) {
            OnceLogger.notice("otel-settings", "llm-failover: telemetry export is off: " + badSetting.getMessage());
            return OtelTelemetry.loggingOnly(clock);
        }
        return start(settings, clock, httpServerLoader);
    }

    static Telemetry start(ExportSettings settings, Clock clock) {
        return start(settings, clock, null);
    }

    static Telemetry start(ExportSettings settings, Clock clock, ClassLoader httpServerLoader) {
        try {
            return OtelTelemetry.start(settings, clock, java.util.List.of(), httpServerLoader);
        } catch (RuntimeException | LinkageError broken) {
            OnceLogger.internalFailure("starting telemetry", broken);
            return OtelTelemetry.loggingOnly(clock);
        }
    }
}
