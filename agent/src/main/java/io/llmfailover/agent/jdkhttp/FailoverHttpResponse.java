package io.llmfailover.agent.jdkhttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * The response a governed JDK call returns: the app's own request and URI (the provider it
 * addressed), the answer's status and headers, and the body its own handler produced.
 */
final class FailoverHttpResponse<T> implements HttpResponse<T> {

    private final ResponseHead head;
    private final HttpRequest appRequest;
    private final T body;
    private final Optional<SSLSession> sslSession;

    FailoverHttpResponse(ResponseHead head, HttpRequest appRequest, T body, Optional<SSLSession> sslSession) {
        this.head = head;
        this.appRequest = appRequest;
        this.body = body;
        this.sslSession = sslSession;
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
        return Optional.empty();
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
        return appRequest.uri();
    }

    @Override
    public HttpClient.Version version() {
        return head.version();
    }

    @Override
    public String toString() {
        return "(" + appRequest.method() + " " + appRequest.uri() + ") " + statusCode();
    }
}
