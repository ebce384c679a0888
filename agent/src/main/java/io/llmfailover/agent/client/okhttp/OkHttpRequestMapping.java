package io.llmfailover.agent.client.okhttp;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;

/** Between OkHttp's request and the runtime's neutral one. */
final class OkHttpRequestMapping {

    private static final Set<String> METHODS_WITH_BODY = Set.of("POST", "PUT", "PATCH", "PROPPATCH", "REPORT");

    private OkHttpRequestMapping() {}

    static LlmRequest toNeutral(Request request, URI uri, byte[] body) {
        Headers headers = request.headers();
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (int i = 0; i < headers.size(); i++) {
            neutral.add(headers.name(i), headers.value(i));
        }
        RequestBody requestBody = request.body();
        if (requestBody != null && requestBody.contentType() != null && headers.get("Content-Type") == null) {
            neutral.set("Content-Type", requestBody.contentType().toString());
        }
        return new LlmRequest(request.method(), uri, neutral.build(), body);
    }

    /** The OkHttp request for an attempt the runtime rewrote, keeping the app request's tags. */
    static Request toOkHttp(LlmRequest attempt, Request appRequest) {
        Headers.Builder headers = new Headers.Builder();
        attempt.headers().forEach((name, value) -> {
            try {
                headers.add(name, value);
            } catch (IllegalArgumentException e) {
                // OkHttp's message may quote the value, which can be a credential: name the header only.
                throw new IllegalArgumentException("OkHttp refuses the value of header " + name);
            }
        });
        return appRequest.newBuilder()
                .url(attempt.uri().toString())
                .headers(headers.build())
                .method(attempt.method(), bodyOf(attempt))
                .tag(AttemptCredential.class, credentialOf(attempt))
                .build();
    }

    private static AttemptCredential credentialOf(LlmRequest attempt) {
        Map<String, List<String>> credential = new LinkedHashMap<>();
        for (String name : HttpHeaders.KEY_HEADERS) {
            List<String> values = attempt.headers().all(name);
            if (!values.isEmpty()) {
                credential.put(name, values);
            }
        }
        return new AttemptCredential(okhttp3.HttpUrl.get(attempt.uri().toString()), credential);
    }

    /** The app's own request with a few headers added (trace context); the same request when there are none. */
    static Request withAddedHeaders(Request request, HttpHeaders added) {
        if (added.isEmpty()) {
            return request;
        }
        Request.Builder builder = request.newBuilder();
        added.forEach(builder::addHeader);
        return builder.build();
    }

    static Request withBody(Request request, byte[] body) {
        RequestBody original = request.body();
        return request.newBuilder()
                .method(request.method(), RequestBody.create(original == null ? null : original.contentType(), body))
                .build();
    }

    private static RequestBody bodyOf(LlmRequest attempt) {
        String method = attempt.method().toUpperCase(Locale.ROOT);
        if (attempt.body().length == 0 && !METHODS_WITH_BODY.contains(method)) {
            return null;
        }
        MediaType type = attempt.headers().first("Content-Type").map(MediaType::parse).orElse(null);
        return RequestBody.create(type, attempt.body());
    }
}
