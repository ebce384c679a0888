package io.llmfailover.runtime.http;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * A client-neutral HTTP request whose body was read once into memory, so that it can be replayed
 * to as many providers as the chain needs.
 */
public record LlmRequest(String method, URI uri, HttpHeaders headers, byte[] body) {

    public LlmRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(headers, "headers");
        body = body == null ? new byte[0] : body;
    }

    public LlmRequest withUri(URI newUri) {
        return new LlmRequest(method, newUri, headers, body);
    }

    public LlmRequest withHeaders(HttpHeaders newHeaders) {
        return new LlmRequest(method, uri, newHeaders, body);
    }

    public LlmRequest withBody(byte[] newBody) {
        return new LlmRequest(method, uri, headers, newBody);
    }

    /**
     * The headers this request adds to {@code original} when it is that very request with only
     * headers added (the trace context telemetry puts on every attempt): same method, URI, body
     * and every original header unchanged. Empty when it differs in anything else, so that an
     * adapter can send the app's own request object with these few headers added, instead of
     * rebuilding it.
     */
    public Optional<HttpHeaders> headersAddedTo(LlmRequest original) {
        if (this == original) {
            return Optional.of(HttpHeaders.EMPTY);
        }
        if (body != original.body || !method.equals(original.method) || !uri.equals(original.uri)) {
            return Optional.empty();
        }
        for (String name : original.headers.asMap().keySet()) {
            if (!headers.all(name).equals(original.headers.all(name))) {
                return Optional.empty();
            }
        }
        HttpHeaders.Builder added = HttpHeaders.builder();
        headers.forEach((name, value) -> {
            if (!original.headers.contains(name)) {
                added.add(name, value);
            }
        });
        return Optional.of(added.build());
    }

    @Override
    public String toString() {
        // Never the headers or body: they carry credentials and prompts.
        return method + " " + uri.getScheme() + "://" + uri.getAuthority() + uri.getRawPath();
    }
}
