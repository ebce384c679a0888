package io.llmfailover.agent.restclient;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.net.URI;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.support.HttpRequestWrapper;

/** Between Spring's request and the runtime's neutral one. */
final class SpringRequestMapping {

    private SpringRequestMapping() {}

    static LlmRequest toNeutral(HttpRequest request, byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        request.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return new LlmRequest(request.getMethod().name(), request.getURI(), headers.build(), body);
    }

    /** The app's own request with a few headers added (trace context); the same request when there are none. */
    static HttpRequest withAddedHeaders(HttpRequest appRequest, HttpHeaders added) {
        if (added.isEmpty()) {
            return appRequest;
        }
        org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
        headers.addAll(appRequest.getHeaders());
        added.forEach(headers::add);
        return new AttemptRequest(appRequest, appRequest.getMethod(), appRequest.getURI(), headers);
    }

    /** The app's request re-aimed at an attempt's URI, with the attempt's method and headers. */
    static HttpRequest toSpring(LlmRequest attempt, HttpRequest appRequest) {
        org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
        attempt.headers().forEach(headers::add);
        return new AttemptRequest(appRequest, HttpMethod.valueOf(attempt.method()), attempt.uri(), headers);
    }

    /** The app's request as one attempt sends it: its attributes kept, method, URI and headers the attempt's. */
    private static final class AttemptRequest extends HttpRequestWrapper {
        private final HttpMethod method;
        private final URI uri;
        private final org.springframework.http.HttpHeaders headers;

        AttemptRequest(HttpRequest appRequest, HttpMethod method, URI uri, org.springframework.http.HttpHeaders headers) {
            super(appRequest);
            this.method = method;
            this.uri = uri;
            this.headers = headers;
        }

        @Override
        public HttpMethod getMethod() {
            return method;
        }

        @Override
        public URI getURI() {
            return uri;
        }

        @Override
        public org.springframework.http.HttpHeaders getHeaders() {
            return headers;
        }
    }
}
