package io.llmfailover.agent;

import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.llmfailover.agent.apache4.Apache4Instrumentation;
import io.llmfailover.agent.apache5.Apache5Instrumentation;
import io.llmfailover.agent.bootstrap.AdapterClassLoader;
import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.AgentJar;
import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.jdkhttp.JdkHttpInstrumentation;
import io.llmfailover.agent.okhttp.OkHttpInstrumentation;
import io.llmfailover.agent.restclient.RestClientInstrumentation;
import io.llmfailover.agent.webclient.WebClientInstrumentation;
import io.llmfailover.agent.urlconnection.UrlConnectionInstrumentation;
import io.llmfailover.runtime.Gateway;
import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.telemetry.Telemetry;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.jar.JarFile;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the agent from the bootstrap class loader: reads the config, creates the gateway and
 * installs the client instrumentations. Never lets a failure reach the app, except the one that
 * strict mode asks for.
 */
public final class AgentInstaller {

    private static final List<ClientInstrumentation> CLIENTS =
            List.of(new OkHttpInstrumentation(), new JdkHttpInstrumentation(),
                    new WebClientInstrumentation(), new RestClientInstrumentation(),
                    new UrlConnectionInstrumentation(), new Apache5Instrumentation(), new Apache4Instrumentation());

    private static volatile boolean installed;

    private AgentInstaller() {}

    /**
     * @throws IllegalStateException only when the config is invalid and {@code agent.strict = true}
     */
    public static synchronized void install(String agentArgs, Instrumentation instrumentation, JarFile agentJar) {
        if (installed) {
            return;
        }
        AgentLogging.useDefaults();
        // The agent never injects classes, so its Byte Buddy need not touch sun.misc.Unsafe (JDK 24+ warns).
        // Relocated in the agent jar: the app's own Byte Buddy does not see this property.
        System.setProperty("net.bytebuddy.safe", "true");
        FailoverConfig config;
        try {
            config = ConfigLoader.load(agentArgs);
        } catch (ConfigException e) {
            refuse(agentArgs, e);
            return;
        } catch (RuntimeException | LinkageError e) {
            System.err.println("llm-failover: the config could not be read (" + e
                    + "); the agent is disabled, the app runs without it");
            return;
        }
        try {
            start(config, instrumentation, agentJar);
            installed = true;
        } catch (RuntimeException | LinkageError e) {
            System.err.println("llm-failover: the agent could not start (" + e
                    + "); the agent is disabled, the app runs without it");
        }
    }

    private static void refuse(String agentArgs, ConfigException e) {
        if (e.strict() || StrictMode.ofThisJvm().requested(agentArgs)) {
            String message = "llm-failover: " + e.getMessage() + "; agent.strict = true, so the JVM stops";
            System.err.println(message);
            throw new IllegalStateException(message);
        }
        System.err.println("llm-failover: " + e.getMessage() + "; the agent is disabled, the app runs without it");
    }

    private static void start(FailoverConfig config, Instrumentation instrumentation, JarFile agentJar) {
        AgentLogging.routeTo(config.log());
        Logger log = LoggerFactory.getLogger(AgentInstaller.class);
        AgentJar.use(agentJar);
        Telemetry telemetry = Telemetry.start(config, exporterSenderLoader());
        shutDownOnExit(telemetry);
        AgentRuntime.install(new GatewayGovernor(Gateway.builder(config).telemetry(telemetry).build()));
        instrumentClients(instrumentation, new ClassFileLocator.ForJarFile(agentJar));
        if (config.source().isEmpty()) {
            log.info("llm-failover: no config file found; governing calls to the well-known LLM hosts "
                    + "with breaker and throttle, with no provider to fail over to");
        } else {
            log.info("llm-failover: started with {} ({} providers, {} routes)",
                    config.source().get(), config.providers().size(), config.routes().size());
        }
    }

    /**
     * The OTLP exporter's HTTP sender uses java.net.http, a module of the platform class loader,
     * which the bootstrap loader holding the runtime cannot see: the sender's package is defined
     * again as a child of the platform loader. (The name is relocated with OpenTelemetry in the jar.)
     */
    private static ClassLoader exporterSenderLoader() {
        return new AdapterClassLoader(ClassLoader.getPlatformClassLoader(), "io.opentelemetry.exporter.sender.jdk.internal");
    }

    /** Exports what is pending as the JVM exits; bounded, so a collector that is down cannot hold the exit up. */
    private static void shutDownOnExit(Telemetry telemetry) {
        Thread flush = new Thread(telemetry::shutdown, "llm-failover-telemetry-shutdown");
        flush.setDaemon(true);
        Runtime.getRuntime().addShutdownHook(flush);
    }

    private static void instrumentClients(Instrumentation instrumentation, ClassFileLocator adviceClasses) {
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.DescriptionStrategy.Default.POOL_ONLY)
                .with(new TransformationFailureLog())
                // Advice inlined into java.net.http must be able to read the hooks' module.
                .assureReadEdgeTo(instrumentation, AgentHooks.class)
                .ignore(not(nameStartsWith("okhttp3.").or(nameStartsWith("jdk.internal.net.http."))
                        .or(nameStartsWith("org.springframework.web.")).or(nameStartsWith("org.springframework.http.client."))
                        .or(nameStartsWith("sun.net.www.protocol.http.")).or(nameStartsWith("sun.net.www.protocol.https."))
                        .or(nameStartsWith("org.apache.hc.client5.http.impl."))
                        .or(nameStartsWith("org.apache.http.impl.client."))));
        for (ClientInstrumentation client : CLIENTS) {
            builder = client.applyTo(builder, adviceClasses);
        }
        builder.installOn(instrumentation);
    }
}
