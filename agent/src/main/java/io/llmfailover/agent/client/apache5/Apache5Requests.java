package io.llmfailover.agent.client.apache5;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Origin;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.entity.BasicAsyncEntityProducer;

/** Between HttpClient 5's requests and the runtime's neutral one, and the route of each attempt. */
final class Apache5Requests {

    private Apache5Requests() {}

    /** The absolute URI the request goes to, or null when it cannot be told. */
    static URI uriOf(HttpRequest request, HttpRoute route) {
        try {
            if (request.getAuthority() == null && route != null) {
                HttpHost target = route.getTargetHost();
                return new URI(target.getSchemeName(), null, target.getHostName(), target.getPort(),
                        null, null, null).resolve(request.getRequestUri());
            }
            return request.getUri();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    static LlmRequest toNeutral(HttpRequest request, URI uri, byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Header header : request.getHeaders()) {
            headers.add(header.getName(), header.getValue());
        }
        if (request instanceof ClassicHttpRequest classic && classic.getEntity() != null
                && classic.getEntity().getContentType() != null && !request.containsHeader("Content-Type")) {
            headers.set("Content-Type", classic.getEntity().getContentType());
        }
        return new LlmRequest(request.getMethod(), uri, headers.build(), body);
    }

    /** The neutral form of an async request, whose content type travels with its entity producer. */
    static LlmRequest toNeutral(HttpRequest request, URI uri, byte[] body, String entityContentType) {
        LlmRequest neutral = toNeutral(request, uri, body);
        if (entityContentType == null || request.containsHeader("Content-Type")) {
            return neutral;
        }
        return new LlmRequest(neutral.method(), uri, neutral.headers().toBuilder().set("Content-Type", entityContentType).build(), body);
    }

    /** The async request head for an attempt the runtime rewrote; its body goes in {@link #entityOf}. */
    static HttpRequest toAsync(LlmRequest attempt) {
        BasicHttpRequest request = new BasicHttpRequest(attempt.method(), attempt.uri());
        addHeaders(attempt, request);
        return request;
    }

    /** A fresh, repeatable producer of an attempt's body; null for an attempt without one. */
    static AsyncEntityProducer entityOf(LlmRequest attempt) {
        String type = attempt.headers().first("Content-Type").orElse(null);
        return attempt.body().length > 0 || type != null ? entityOf(attempt.body(), type) : null;
    }

    static AsyncEntityProducer entityOf(byte[] body, String contentType) {
        return new BasicAsyncEntityProducer(body, contentType == null ? null : ContentType.parseLenient(contentType));
    }

    /** The classic request for an attempt the runtime rewrote. */
    static ClassicHttpRequest toClassic(LlmRequest attempt) {
        BasicClassicHttpRequest request = new BasicClassicHttpRequest(attempt.method(), attempt.uri());
        addHeaders(attempt, request);
        if (attempt.body().length > 0 || attempt.headers().contains("Content-Type")) {
            ContentType type = attempt.headers().first("Content-Type").map(ContentType::parseLenient).orElse(null);
            request.setEntity(new ByteArrayEntity(attempt.body(), type));
        }
        return request;
    }

    /**
     * A rewritten attempt's headers, which come without those the protocol stage sets
     * ({@code SendRecord}), less its content type, which goes with its entity, and its
     * Accept-Encoding: the runtime reads and translates bodies, so attempts ask for them uncompressed.
     */
    private static void addHeaders(LlmRequest attempt, HttpRequest request) {
        attempt.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Accept-Encoding")) {
                request.addHeader(name, value);
            }
        });
    }

    /** The app's route with another target: same local address and proxy. */
    static HttpRoute routeTo(URI uri, HttpRoute appRoute) {
        boolean secure = "https".equalsIgnoreCase(uri.getScheme());
        HttpHost target = new HttpHost(uri.getScheme(), uri.getHost(), Origin.of(uri).port());
        HttpHost proxy = appRoute.getProxyHost();
        return proxy == null
                ? new HttpRoute(target, appRoute.getLocalAddress(), secure)
                : new HttpRoute(target, appRoute.getLocalAddress(), proxy, secure);
    }

    /** Removes {@code name} from {@code request}; its first value, or null. */
    static String takeHeader(HttpRequest request, String name) {
        Header header = request.getFirstHeader(name);
        if (header == null) {
            return null;
        }
        request.removeHeaders(name);
        return header.getValue();
    }
}
