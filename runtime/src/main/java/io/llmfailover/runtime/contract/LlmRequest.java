package io.llmfailover.runtime.contract;

import java.net.URI;
import java.util.Objects;

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

    /** This request with {@code added} appended to its headers; the same request when there are none. */
    public LlmRequest withAddedHeaders(HttpHeaders added) {
        if (added.isEmpty()) {
            return this;
        }
        HttpHeaders.Builder headers = this.headers.toBuilder();
        added.forEach(headers::add);
        return withHeaders(headers.build());
    }

    @Override
    public String toString() {
        // Never the headers, the body, a user:password of the URL or its query: they carry credentials and prompts.
        String port = uri.getPort() == -1 ? "" : ":" + uri.getPort();
        return method + " " + uri.getScheme() + "://" + uri.getHost() + port + uri.getRawPath();
    }
}
