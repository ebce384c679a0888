package io.llmfailover.runtime.http;

import java.io.IOException;
import java.time.Duration;

/** TEMPORARY: the transport signature before AttemptRequest, while adapters move to the call lifecycle. */
@Deprecated
public interface LegacyTransport extends Transport {

    LlmResponse send(LlmRequest request, Duration firstByteTimeout) throws IOException;

    default LlmResponse sendUnstreamed(LlmRequest request, Duration firstByteTimeout) throws IOException {
        return send(request, firstByteTimeout);
    }

    /** The headers {@code attempt} adds to {@code original} when it is that request with only headers added. */
    static java.util.Optional<HttpHeaders> headersAddedTo(LlmRequest attempt, LlmRequest original) {
        if (attempt == original) {
            return java.util.Optional.of(HttpHeaders.EMPTY);
        }
        if (attempt.body() != original.body() || !attempt.method().equals(original.method())
                || !attempt.uri().equals(original.uri())) {
            return java.util.Optional.empty();
        }
        for (String name : original.headers().asMap().keySet()) {
            if (!attempt.headers().all(name).equals(original.headers().all(name))) {
                return java.util.Optional.empty();
            }
        }
        HttpHeaders.Builder added = HttpHeaders.builder();
        attempt.headers().forEach((name, value) -> {
            if (!original.headers().contains(name)) {
                added.add(name, value);
            }
        });
        return java.util.Optional.of(added.build());
    }

    @Override
    default LlmResponse send(AttemptRequest attempt) throws IOException {
        return attempt.streamed() ? send(attempt.request(), attempt.headTimeout())
                : sendUnstreamed(attempt.request(), attempt.headTimeout());
    }
}
