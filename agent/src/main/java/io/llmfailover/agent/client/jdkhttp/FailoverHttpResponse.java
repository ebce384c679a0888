package io.llmfailover.agent.client.jdkhttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * The response a governed JDK call returns, with the body the app's own handler produced (a JDK
 * response cannot be given another body). For the app's own request it carries the client's native
 * head, URI, TLS session and redirect history; for an answer the runtime made, the app's URI (the
 * provider it addressed) and the answer's status and headers.
 */
final class FailoverHttpResponse<T> implements HttpResponse<T> {

    private final ResponseInfo head;
    private final HttpRequest appRequest;
    private final URI uri;
    private final T body;
    private final Optional<SSLSession> sslSession;
    private final HttpResponse<T> previous;

    FailoverHttpResponse(ResponseInfo head, HttpRequest appRequest, URI uri, T body, Optional<SSLSession> sslSession,
            HttpResponse<T> previous) {
        this.head = head;
        this.appRequest = appRequest;
        this.uri = uri;
        this.body = body;
        this.sslSession = sslSession;
        this.previous = previous;
    }

    /** The client's native response to the app's request, with the body the app's handler made of it. */
    @SuppressWarnings("unchecked")
    static <T> FailoverHttpResponse<T> withNativeHead(HttpResponse<?> own, HttpRequest appRequest, T body) {
        ResponseHead head = new ResponseHead(own.statusCode(), own.headers(), own.version());
        return new FailoverHttpResponse<>(head, appRequest, own.uri(), body, own.sslSession(),
                (HttpResponse<T>) own.previousResponse().orElse(null));
    }

    @Override
    public int statusCode() {
        return head.statusCode();
    }

    @Override
    public HttpRequest request() {
        return appRequest;
    }

    @Override
    public Optional<HttpResponse<T>> previousResponse() {
        return Optional.ofNullable(previous);
    }

    @Override
    public HttpHeaders headers() {
        return head.headers();
    }

    @Override
    public T body() {
        return body;
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return sslSession;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public HttpClient.Version version() {
        return head.version();
    }

    @Override
    public String toString() {
        return "(" + appRequest.method() + " " + uri + ") " + statusCode();
    }
}
