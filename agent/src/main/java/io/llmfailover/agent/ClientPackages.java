package io.llmfailover.agent;

import java.util.List;

/**
 * The packages of the HTTP clients the agent hooks. A class of one loading is the app's first sign
 * that it is about to make HTTP calls, which is when telemetry starts, in the background: usually
 * well before the first class the agent actually rewrites (see {@link InstrumentedTypes}).
 */
final class ClientPackages {

    private static final List<String> PREFIXES = List.of(
            "okhttp3.",
            "jdk.internal.net.http.",
            "org.springframework.web.",
            "org.springframework.http.client.",
            "sun.net.www.protocol.http.",
            "sun.net.www.protocol.https.",
            "org.apache.hc.client5.http.impl.",
            "org.apache.http.impl.client.",
            "reactor.netty.http.client.",
            "io.vertx.core.http.",
            "org.eclipse.jetty.client.",
            "io.ktor.client.engine.cio.",
            "io.micronaut.http.client.");

    /** The same prefixes as class file names ({@code okhttp3/}), as a transformer is told them. */
    private static final String[] INTERNAL_PREFIXES =
            PREFIXES.stream().map(prefix -> prefix.replace('.', '/')).toArray(String[]::new);

    private ClientPackages() {}

    /** @param className a class file name, {@code jdk/internal/net/http/HttpClientImpl}; null for a hidden class */
    static boolean containsClassFile(String className) {
        if (className == null) {
            return false;
        }
        for (String prefix : INTERNAL_PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** @param className a class name, {@code jdk.internal.net.http.HttpClientImpl} */
    static boolean containsClass(String className) {
        return containsClassFile(className.replace('.', '/'));
    }
}
