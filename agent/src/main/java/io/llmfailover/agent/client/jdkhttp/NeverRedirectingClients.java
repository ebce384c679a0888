package io.llmfailover.agent.client.jdkhttp;

import java.net.http.HttpClient;
import java.net.http.HttpClient.Redirect;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The client a rewritten attempt goes through: the app's own when it never follows redirects (the
 * JDK's default), else a sibling with {@link Redirect#NEVER} and everything else the app's client
 * shows (executor, TLS context and parameters, proxy, authenticator, cookies, connect timeout,
 * version). The JDK follows a redirect inside the client, below any hook, with every header of the
 * request, so the attempt's key and prompt would go to the {@code Location}; the sibling hands the
 * redirect back instead, and the runtime counts it as that provider's failure. One sibling per app
 * client, built at its first rewritten attempt and kept as long as the app's client is; it has a
 * connection pool of its own.
 */
final class NeverRedirectingClients {

    private static final Map<HttpClient, HttpClient> BY_APP_CLIENT = Collections.synchronizedMap(new WeakHashMap<>());

    private NeverRedirectingClients() {}

    static HttpClient forRewritten(HttpClient app) {
        if (app.followRedirects() == Redirect.NEVER) {
            return app;
        }
        return BY_APP_CLIENT.computeIfAbsent(app, NeverRedirectingClients::sibling);
    }

    private static HttpClient sibling(HttpClient app) {
        HttpClient.Builder sibling = HttpClient.newBuilder()
                .followRedirects(Redirect.NEVER)
                .version(app.version())
                .sslContext(app.sslContext())
                .sslParameters(app.sslParameters());
        app.executor().ifPresent(sibling::executor);
        app.proxy().ifPresent(sibling::proxy);
        app.authenticator().ifPresent(sibling::authenticator);
        app.cookieHandler().ifPresent(sibling::cookieHandler);
        app.connectTimeout().ifPresent(sibling::connectTimeout);
        return sibling.build();
    }
}
