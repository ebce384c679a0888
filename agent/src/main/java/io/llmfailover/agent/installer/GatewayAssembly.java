package io.llmfailover.agent.installer;

import io.llmfailover.agent.bootstrap.AdapterClassLoader;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.bootstrap.LogLines;
import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.OperatingSettings;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.operations.reload.ConfigReloader;
import io.llmfailover.runtime.operations.reload.LoadedConfig;
import io.llmfailover.runtime.telemetry.otel.Telemetry;
import io.llmfailover.runtime.time.Scheduler;
import java.util.function.Supplier;

/**
 * What governs calls: telemetry, the gateway and the config watch, built from the config {@code premain}
 * read and checked, or from the file's valid edit since (an edit takes effect within
 * {@code config.reload} of being made, not of the engine being built). It is built on a thread of its
 * own as the app loads its first HTTP client class, ahead of the app's first call, or when the
 * operator view goes up (10 s after start at the latest), whichever comes first: the first call finds
 * it ready instead of building it on its own thread, inside its own timeouts, and an app that loads
 * no client never pays for it. A config that asks for something that runs without calls has it built
 * at start (see {@link #neededAtStart}). Building it also starts the deadlines' timer thread, so that
 * no call's deadline waits for it.
 */
final class GatewayAssembly implements Supplier<CallRunner> {

    private final LoadedConfig atStart;
    private final String configArgument;
    private final OperatorView view;
    private volatile Telemetry telemetry;

    GatewayAssembly(FailoverConfig config, String configArgument, OperatorView view) {
        this.atStart = LoadedConfig.of(config);
        this.configArgument = configArgument;
        this.view = view;
    }

    /**
     * A drill (announced, or refused, at start), a status page every interval, or fleet mode (the
     * instance hears of the fleet's breakers and limits from the start): what the operator expects to
     * see before the first call.
     */
    static boolean neededAtStart(FailoverConfig config) {
        OperatingSettings operating = config.operating();
        return operating.drills().any() || !operating.drills().refused().isEmpty()
                || operating.statusInterval() != null || config.fleet().redis();
    }

    /** @return the gateway's governor, or null when the engine could not be built (the agent then stays off) */
    @Override
    public CallRunner get() {
        try {
            return build();
        } catch (RuntimeException | LinkageError e) {
            LogLines.error("llm-failover: the agent could not start (" + e
                    + "); the agent is disabled, the app runs without it");
            return null;
        }
    }

    private CallRunner build() {
        LoadedConfig current = atStart.latest(this::reload);
        Telemetry started = Telemetry.start(current.config(), httpServerLoader());
        telemetry = started;
        Gateway gateway = Gateway.builder(current.config()).telemetry(started).build();
        view.show(gateway.providerStates());
        Scheduler.startDeadlineTimer();
        ConfigReloader.start(gateway, this::reload,
                (running, reloaded) -> Gateway.builder(reloaded).telemetry(started).carryingOver(running).build(),
                next -> {
                    InstalledRunner.install(new CountedCalls(next, view));
                    view.show(next.providerStates());
                },
                Scheduler.OPERATING);
        return new CountedCalls(gateway, view);
    }

    /** The config from these bytes of the same file, with the environment and system properties as at start. */
    private FailoverConfig reload(byte[] fileContent) throws ConfigException {
        return ConfigLoader.load(configArgument, fileContent);
    }

    /** Exports what is pending, as the JVM exits; nothing when the engine was never built. */
    void shutdown() {
        Telemetry started = telemetry;
        if (started != null) {
            started.shutdown();
        }
    }

    /**
     * The Prometheus endpoint uses the JDK's HTTP server (jdk.httpserver): a module of the platform
     * class loader, which the bootstrap loader holding the runtime cannot see. Its packages are
     * defined again under the platform loader, each only when first asked for. (The names are
     * relocated with OpenTelemetry and Prometheus in the jar.)
     */
    private static ClassLoader httpServerLoader() {
        ClassLoader prometheusServer = new AdapterClassLoader(ClassLoader.getPlatformClassLoader(), "io.prometheus.metrics");
        return new AdapterClassLoader(prometheusServer, "io.opentelemetry.exporter.prometheus");
    }
}
