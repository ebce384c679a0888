package io.llmfailover.runtime.http;

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

    @Override
    public String toString() {
        // Never the headers or body: they carry credentials and prompts.
        return method + " " + uri.getScheme() + "://" + uri.getAuthority() + uri.getRawPath();
    }
}
