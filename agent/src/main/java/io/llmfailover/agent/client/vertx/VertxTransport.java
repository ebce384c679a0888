package io.llmfailover.agent.client.vertx;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;

/**
 * Sends each attempt through the app's own client, starting from the app's request options (its
 * timeouts, proxy, TLS settings): the original as the app wrote it (trace context added), following
 * redirects as the app set its request to; a rewritten one to its provider's URI with its own
 * headers and body, following none (Vert.x copies every header to the {@code Location}).
 */
final class VertxTransport implements Transport {

    private final VertxCall call;

    VertxTransport(VertxCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        LlmRequest request = attempt.request();
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        request.headers().forEach(headers::add);
        if (attempt.original()) {
            attempt.addedHeaders().forEach(headers::add);
        }
        RequestOptions options = call.optionsCopy()
                .setServer(null)
                .setAbsoluteURI(request.uri().toString())
                .setMethod(HttpMethod.valueOf(request.method()))
                .setHeaders(headers);
        return VertxAttempt.send(call, options, request.body(), attempt.original(), attempt.headDeadline(),
                attempt.written());
    }
}
