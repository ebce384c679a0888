package io.llmfailover.agent;

import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.llmfailover.agent.apache4.Apache4Instrumentation;
import io.llmfailover.agent.apache5.Apache5Instrumentation;
import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.jdkhttp.JdkHttpInstrumentation;
import io.llmfailover.agent.okhttp.OkHttpInstrumentation;
import io.llmfailover.agent.restclient.RestClientInstrumentation;
import io.llmfailover.agent.urlconnection.UrlConnectionInstrumentation;
import io.llmfailover.agent.webclient.WebClientInstrumentation;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.jar.JarFile;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.description.type.TypeDescription;

/** Byte Buddy's transformer for every client the agent instruments. Only this class touches Byte Buddy. */
final class ClientTransformer {

    private static final List<ClientInstrumentation> CLIENTS =
            List.of(new OkHttpInstrumentation(), new JdkHttpInstrumentation(),
                    new WebClientInstrumentation(), new RestClientInstrumentation(),
                    new UrlConnectionInstrumentation(), new Apache5Instrumentation(), new Apache4Instrumentation());

    private ClientTransformer() {}

    /** The transformer alone, for classes still to load; the caller registers it. */
    static ClassFileTransformer build(Instrumentation instrumentation, JarFile agentJar) {
        return builder(instrumentation, agentJar).makeRaw();
    }

    /** Registers the transformer and retransforms the client classes already loaded (a late attach). */
    static void installNow(Instrumentation instrumentation, JarFile agentJar) {
        builder(instrumentation, agentJar)
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .installOn(instrumentation);
    }

    private static AgentBuilder builder(Instrumentation instrumentation, JarFile agentJar) {
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.DescriptionStrategy.Default.POOL_ONLY)
                .with(new TransformationFailureLog())
                // Advice inlined into java.net.http must be able to read the hooks' module.
                .assureReadEdgeTo(instrumentation, AgentHooks.class)
                .ignore(not(instrumentedPackages()));
        ClassFileLocator adviceClasses = new ClassFileLocator.ForJarFile(agentJar);
        for (ClientInstrumentation client : CLIENTS) {
            builder = client.applyTo(builder, adviceClasses);
        }
        return builder;
    }

    private static ElementMatcher.Junction<TypeDescription> instrumentedPackages() {
        ElementMatcher.Junction<TypeDescription> any = none();
        for (String prefix : InstrumentedPackages.PREFIXES) {
            any = any.or(nameStartsWith(prefix));
        }
        return any;
    }
}
