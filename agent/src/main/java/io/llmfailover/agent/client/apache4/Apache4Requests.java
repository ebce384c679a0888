package io.llmfailover.agent.client.apache4;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Origin;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.http.Header;
import org.apache.http.HttpEntityEnclosingRequest;
import org.apache.http.HttpHost;
import org.apache.http.HttpRequest;
import org.apache.http.client.methods.HttpUriRequest;
import org.apache.http.client.methods.RequestBuilder;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.entity.ByteArrayEntity;

/** Between HttpClient 4's requests and the runtime's neutral one, and the route of each attempt. */
final class Apache4Requests {

    private Apache4Requests() {}

    /** The absolute URI the request goes to, or null when it cannot be told. */
    static URI uriOf(org.apache.http.client.methods.HttpRequestWrapper request, HttpRoute route) {
        try {
            URI uri = request.getURI();
            if (uri.isAbsolute()) {
                return uri;
            }
            HttpHost target = request.getTarget() != null ? request.getTarget() : route.getTargetHost();
            return new URI(target.toURI()).resolve(uri);
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    static LlmRequest toNeutral(org.apache.http.client.methods.HttpRequestWrapper request, URI uri, byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Header header : request.getAllHeaders()) {
            headers.add(header.getName(), header.getValue());
        }
        if (request instanceof HttpEntityEnclosingRequest enclosing && enclosing.getEntity() != null
                && enclosing.getEntity().getContentType() != null && !request.containsHeader("Content-Type")) {
            headers.set("Content-Type", enclosing.getEntity().getContentType().getValue());
        }
        return new LlmRequest(request.getRequestLine().getMethod(), uri, headers.build(), body);
    }

    /** The request for an attempt the runtime rewrote; its headers come without those the protocol stage sets ({@code SendRecord}). */
    static HttpUriRequest toApache(LlmRequest attempt) {
        RequestBuilder builder = RequestBuilder.create(attempt.method()).setUri(attempt.uri());
        attempt.headers().forEach(builder::addHeader);
        if (attempt.body().length > 0 || attempt.headers().contains("Content-Type")) {
            ByteArrayEntity entity = new ByteArrayEntity(attempt.body());
            attempt.headers().first("Content-Type").ifPresent(entity::setContentType);
            builder.setEntity(entity);
        }
        return builder.build();
    }

    static HttpHost targetOf(URI uri) {
        return new HttpHost(uri.getHost(), Origin.of(uri).port(), uri.getScheme());
    }

    /** The app's route with another target: same local address and proxy. */
    static HttpRoute routeTo(HttpHost target, HttpRoute appRoute) {
        boolean secure = "https".equalsIgnoreCase(target.getSchemeName());
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
