package io.llmfailover.agent.restclient;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.support.HttpRequestWrapper;

/** Between Spring's request and the runtime's neutral one. */
final class SpringRequestMapping {

    /** Set by the request factory itself from the URI and the body. */
    private static final Set<String> DERIVED_HEADERS = Set.of("host", "content-length", "transfer-encoding", "connection");

    private SpringRequestMapping() {}

    static LlmRequest toNeutral(HttpRequest request, byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        request.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return new LlmRequest(request.getMethod().name(), request.getURI(), headers.build(), body);
    }

    /** The app's request re-aimed at an attempt's URI, with the attempt's method and headers. */
    static HttpRequest toSpring(LlmRequest attempt, HttpRequest appRequest) {
        org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
        attempt.headers().forEach((name, value) -> {
            if (!DERIVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                headers.add(name, value);
            }
        });
        return new AttemptRequest(appRequest, attempt, headers);
    }

    /** The app's request as one attempt sends it: its attributes kept, URI, method and headers the attempt's. */
    private static final class AttemptRequest extends HttpRequestWrapper {
        private final LlmRequest attempt;
        private final org.springframework.http.HttpHeaders headers;

        AttemptRequest(HttpRequest appRequest, LlmRequest attempt, org.springframework.http.HttpHeaders headers) {
            super(appRequest);
            this.attempt = attempt;
            this.headers = headers;
        }

        @Override
        public HttpMethod getMethod() {
            return HttpMethod.valueOf(attempt.method());
        }

        @Override
        public URI getURI() {
            return attempt.uri();
        }

        @Override
        public org.springframework.http.HttpHeaders getHeaders() {
            return headers;
        }
    }
}
