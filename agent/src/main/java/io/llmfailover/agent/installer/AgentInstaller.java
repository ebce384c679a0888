package io.llmfailover.agent.installer;

import io.llmfailover.agent.bootstrap.AgentJar;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.bootstrap.LogLines;
import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.ClientTransformer;
import io.llmfailover.agent.weaving.DeferredInstrumentation;
import io.llmfailover.agent.weaving.HookedTypesAhead;
import io.llmfailover.agent.weaving.InstrumentedTypes;
import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.gateway.FirstCallRehearsal;
import io.llmfailover.runtime.telemetry.otel.Telemetry;
import java.lang.instrument.Instrumentation;
import java.util.TreeSet;
import java.util.jar.JarFile;
import org.slf4j.Logger;

/**
 * Starts the agent from the bootstrap class loader: reads and checks the config, installs the
 * client instrumentations, and leaves the {@link GatewayAssembly} to be built when it is first needed.
 * Never lets a failure reach the app, except the one that strict mode asks for.
 */
public final class AgentInstaller {

    private static volatile boolean installed;

    private AgentInstaller() {}

    /**
     * @throws IllegalStateException only when the config is invalid and {@code agent.strict = true}
     */
    public static synchronized void install(String agentArgs, Instrumentation instrumentation, JarFile agentJar) {
        if (installed) {
            LogLines.error("llm-failover: the agent is attached twice (-javaagent given twice, or in both the "
                    + "command line and JAVA_TOOL_OPTIONS); the second copy is skipped");
            return;
        }
        installed = true;
        AgentLogging.useDefaults();
        // The agent never injects classes, so its Byte Buddy need not touch sun.misc.Unsafe (JDK 24+ warns).
        // Relocated in the agent jar: the app's own Byte Buddy does not see this property.
        System.setProperty("net.bytebuddy.safe", "true");
        FailoverConfig config;
        String configArgument;
        try {
            configArgument = AgentArguments.parse(agentArgs).value("config").orElse(null);
            config = ConfigLoader.load(configArgument);
        } catch (ConfigException e) {
            refuse(agentArgs, e.getMessage(), e.strict());
            return;
        } catch (IllegalArgumentException badArgument) {
            refuse(agentArgs, badArgument.getMessage(), false);
            return;
        } catch (RuntimeException | LinkageError e) {
            LogLines.error("llm-failover: the config could not be read (" + e
                    + "); the agent is disabled, the app runs without it");
            return;
        }
        try {
            Telemetry.validate(config);
        } catch (IllegalArgumentException badSetting) {
            refuse(agentArgs, "llm-failover config " + config.source().map(Object::toString).orElse("(no file)")
                    + ": " + badSetting.getMessage(), config.strict());
            return;
        }
        try {
            start(config, configArgument, instrumentation, agentJar);
        } catch (RuntimeException | LinkageError e) {
            LogLines.error("llm-failover: the agent could not start (" + e
                    + "); the agent is disabled, the app runs without it");
        }
    }

    /** One message; in strict mode the JVM then exits with status 1 (a plain exit, not the JVM's abort on a failing premain). */
    private static void refuse(String agentArgs, String problem, boolean strict) {
        String message = problem.startsWith("llm-failover") ? problem : "llm-failover: " + problem;
        if (strict || StrictMode.ofThisJvm().requested(agentArgs)) {
            LogLines.error(message + "\nagent.strict = true, so the JVM stops");
            System.exit(1);
        }
        LogLines.error(message + "\nthe agent is disabled; the app runs without it");
    }

    private static void start(FailoverConfig config, String configArgument, Instrumentation instrumentation,
            JarFile agentJar) {
        AgentLogging.routeTo(config.log(), config.logLevel(), config.logFormat());
        AgentJar.use(agentJar);
        GatewayAssembly engine = new GatewayAssembly(config, configArgument, OperatorView.start());
        shutDownOnExit(engine);
        InstalledRunner.buildOnDemand(engine);
        if (GatewayAssembly.neededAtStart(config) && InstalledRunner.build() == null) {
            return; // said why; the clients are left as they are
        }
        instrumentClients(instrumentation, agentJar);
        // Written straight to the agent's log: SLF4J's LoggerFactory looks for its bindings on the
        // app's whole class path, a cost the engine pays when it is built, not premain.
        Logger log = new AgentLogger(AgentInstaller.class.getName());
        if (config.source().isEmpty() && config.fromEnvironment().isEmpty()) {
            log.info("llm-failover: no config file found (looked at " + ConfigLoader.placesLooked()
                    + "); state {}; governing calls to the well-known LLM hosts with breaker and throttle, with no provider "
                    + "to fail over to", state(config));
        } else {
            log.info("llm-failover: started with {} ({}, {}{}); state {}; governing {}",
                    config.source().map(Object::toString).orElse("no config file"),
                    count(config.providers().size(), "provider"), count(config.routes().size(), "route"),
                    fromEnvironment(config), state(config), governed(config));
        }
        log.debug("llm-failover: keys from the environment (LLM_FAILOVER_*): {}", config.fromEnvironment().isEmpty()
                ? "none" : String.join(", ", new TreeSet<>(config.fromEnvironment())));
    }

    /** {@code local}, or the fleet's Redis without its password: whether it answers is the fleet's own line. */
    private static String state(FailoverConfig config) {
        return config.fleet().redis() ? "shared with the fleet on Redis at " + config.fleet().redactedUrl() : "local";
    }

    private static String fromEnvironment(FailoverConfig config) {
        int keys = config.fromEnvironment().size();
        return keys == 0 ? "" : "; from the environment: " + count(keys, "key");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Each configured provider with the base URL its calls are matched on, and the well-known hosts. */
    private static String governed(FailoverConfig config) {
        StringBuilder line = new StringBuilder();
        config.providers().values().forEach(provider -> line.append(provider.name()).append(" (")
                .append(provider.baseUrl()).append("), "));
        return line.append("and the well-known LLM hosts on port 443").toString();
    }

    /** Exports what is pending as the JVM exits; bounded, so a collector that is down cannot hold the exit up. */
    private static void shutDownOnExit(GatewayAssembly engine) {
        Thread flush = new Thread(engine::shutdown, "llm-failover-telemetry-shutdown");
        flush.setDaemon(true);
        Runtime.getRuntime().addShutdownHook(flush);
    }

    /**
     * The client transformer is set up when the first class it hooks loads (see {@link DeferredInstrumentation}),
     * or at once when one is loaded already (the agent attached late); either way the engine starts being
     * built when the app loads a client, on a thread of its own, since the app's first call is near, and
     * made-up calls then load the classes a call runs through ({@link FirstCallRehearsal}).
     */
    private static void instrumentClients(Instrumentation instrumentation, JarFile agentJar) {
        if (anyClientLoaded(instrumentation)) {
            ClientTransformer.installNow(instrumentation, agentJar);
            InstalledRunner.buildAhead(FirstCallRehearsal::run);
            return;
        }
        instrumentation.addTransformer(new DeferredInstrumentation(() -> ClientTransformer.build(instrumentation, agentJar),
                AgentInstaller::clientInUse), true);
    }

    /** The app has loaded a class of this client: its first call is near. */
    private static void clientInUse(ClientModule client, ClassLoader loader) {
        InstalledRunner.buildAhead(FirstCallRehearsal::run);
        HookedTypesAhead.start(client, loader);
    }

    private static boolean anyClientLoaded(Instrumentation instrumentation) {
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (InstrumentedTypes.containsClass(loaded.getName())) {
                return true;
            }
        }
        return false;
    }
}
