package io.llmfailover.agent.client.reactornetty;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import java.lang.reflect.Field;
import java.net.URI;
import java.util.Locale;
import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.netty.NettyOutbound;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientConfig;
import reactor.netty.http.client.HttpClientRequest;

/**
 * What the app's {@code HttpClient} chain is set to send: method, absolute URI, the client's
 * headers and the app's body function. Reactor Netty keeps that function (and a URI given as a
 * {@code Mono}) in fields of its configuration that have no public getter: they are read
 * reflectively, and a client whose configuration cannot be read is left alone.
 */
record AppRequest(HttpMethod method, URI uri, HttpHeaders headers,
        BiFunction<? super HttpClientRequest, ? super NettyOutbound, ? extends Publisher<Void>> body) {

    /** Spring's connectors over Reactor Netty: their calls are governed by the WebClient and RestClient adapters. */
    private static final String SPRING = "org.springframework.";

    private static final Field BODY = field("body");
    private static final Field DEFERRED = field("deferredConf");

    /** The request of {@code client}'s chain, or null when the adapter leaves the call alone. */
    @SuppressWarnings("unchecked")
    static AppRequest of(HttpClient client) throws IllegalAccessException {
        HttpClientConfig config = client.configuration();
        if (DEFERRED.get(config) != null) {
            return null; // a URI or headers given as a Mono are known only once the call runs
        }
        Object body = BODY.get(config);
        if (body != null && body.getClass().getName().startsWith(SPRING)) {
            return null;
        }
        URI uri = absolute(config.uri(), config.baseUrl());
        if (uri == null || config.method() == null) {
            return null;
        }
        // The configuration's own headers: a client that changes them makes a new configuration.
        return new AppRequest(config.method(), uri, config.headers(),
                (BiFunction<? super HttpClientRequest, ? super NettyOutbound, ? extends Publisher<Void>>) body);
    }

    /** The URI Reactor Netty sends to: a path is appended to the base URL; only absolute http(s) URIs are governed. */
    static URI absolute(String uri, String baseUrl) {
        if (uri == null) {
            return null;
        }
        String resolved = uri;
        if (baseUrl != null && uri.startsWith("/")) {
            resolved = (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + uri;
        }
        String lower = resolved.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
            return null;
        }
        try {
            return URI.create(resolved);
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
    }

    private static Field field(String name) {
        try {
            Field field = HttpClientConfig.class.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("Reactor Netty's HttpClientConfig has no field " + name
                    + " in this version: its calls are left alone", e);
        }
    }
}
