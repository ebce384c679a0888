package io.llmfailover.agent;

import io.llmfailover.agent.apache4.Apache4Instrumentation;
import io.llmfailover.agent.apache5.Apache5Instrumentation;
import io.llmfailover.agent.jdkhttp.JdkHttpInstrumentation;
import io.llmfailover.agent.jetty.JettyInstrumentation;
import io.llmfailover.agent.ktor.KtorInstrumentation;
import io.llmfailover.agent.micronaut.MicronautInstrumentation;
import io.llmfailover.agent.okhttp.OkHttpInstrumentation;
import io.llmfailover.agent.reactornetty.ReactorNettyInstrumentation;
import io.llmfailover.agent.restclient.RestClientInstrumentation;
import io.llmfailover.agent.urlconnection.UrlConnectionInstrumentation;
import io.llmfailover.agent.vertx.VertxInstrumentation;
import io.llmfailover.agent.webclient.WebClientInstrumentation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The classes the agent instruments, by exact name, each with the client instrumentation that
 * hooks it: every other class loads untouched, and is never parsed. Needs no Byte Buddy, so that
 * the agent can look at every class as it loads before Byte Buddy is set up.
 */
final class InstrumentedTypes {

    private static final List<ClientInstrumentation> CLIENTS =
            List.of(new OkHttpInstrumentation(), new JdkHttpInstrumentation(),
                    new WebClientInstrumentation(), new RestClientInstrumentation(),
                    new UrlConnectionInstrumentation(), new Apache5Instrumentation(), new Apache4Instrumentation(),
                    new ReactorNettyInstrumentation(), new VertxInstrumentation(), new JettyInstrumentation(),
                    new KtorInstrumentation(), new MicronautInstrumentation());

    /** Keyed by class file name ({@code okhttp3/OkHttpClient$Builder}), as a transformer is told it. */
    private static final Map<String, ClientInstrumentation> BY_CLASS_FILE = byClassFile(false);
    /** Those and the client classes an app loads as it builds its client, each with its client's instrumentation. */
    private static final Map<String, ClientInstrumentation> LIBRARY_BY_CLASS_FILE = byClassFile(true);

    private InstrumentedTypes() {}

    private static Map<String, ClientInstrumentation> byClassFile(boolean withEntryTypes) {
        Map<String, ClientInstrumentation> byName = new HashMap<>();
        for (ClientInstrumentation client : CLIENTS) {
            for (String typeName : client.typeNames()) {
                byName.put(typeName.replace('.', '/'), client);
            }
            for (String typeName : withEntryTypes ? client.entryTypeNames() : List.<String>of()) {
                byName.put(typeName.replace('.', '/'), client);
            }
        }
        return Map.copyOf(byName);
    }

    static List<ClientInstrumentation> clients() {
        return CLIENTS;
    }

    /** @param className a class file name, {@code jdk/internal/net/http/HttpClientImpl}; null for a hidden class */
    static boolean containsClassFile(String className) {
        return className != null && BY_CLASS_FILE.containsKey(className);
    }

    /** @param className a class name, {@code jdk.internal.net.http.HttpClientImpl} */
    static boolean containsClass(String className) {
        return containsClassFile(className.replace('.', '/'));
    }

    /**
     * The instrumentation of the client a class belongs to, when it is hooked or one of the client's
     * {@link ClientInstrumentation#entryTypeNames()}; null for any other class.
     */
    static ClientInstrumentation libraryOf(String classFileName) {
        return classFileName == null ? null : LIBRARY_BY_CLASS_FILE.get(classFileName);
    }

    /** The instrumentation hooking a class, or null when the agent leaves it alone. */
    static ClientInstrumentation instrumentationOf(String classFileName) {
        return classFileName == null ? null : BY_CLASS_FILE.get(classFileName);
    }
}
