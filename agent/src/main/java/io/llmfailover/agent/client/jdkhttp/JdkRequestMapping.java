package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/** Between the JDK client's request and the runtime's neutral one. */
final class JdkRequestMapping {

    /** Headers the JDK client sets itself and refuses from callers. */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private JdkRequestMapping() {}

    static LlmRequest toNeutral(HttpRequest request, byte[] body) {
        return new LlmRequest(request.method(), request.uri(), HttpHeaders.of(request.headers().map()), body);
    }

    /** The app's request with its body replaced by the buffered copy: same data, replayable. */
    static HttpRequest withBody(HttpRequest request, byte[] body) {
        return forAttempt(request, body, HttpHeaders.EMPTY, null);
    }

    /**
     * The app's own request for an attempt: its body from the buffered copy, a few headers added
     * (trace context), and the given timeout instead of the app's when not null.
     */
    static HttpRequest forAttempt(HttpRequest request, byte[] body, HttpHeaders added, Duration timeout) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(request, (name, value) -> true)
                .method(request.method(), publisher(body, request.bodyPublisher().isPresent()));
        added.forEach(builder::header);
        if (timeout != null) {
            builder.timeout(timeout);
        }
        return builder.build();
    }

    /**
     * The JDK request for an attempt the runtime rewrote; version and expect-continue stay the
     * app's, and so does the timeout unless one is given.
     */
    static HttpRequest toJdk(LlmRequest attempt, HttpRequest appRequest, Duration timeout) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(attempt.uri())
                .method(attempt.method(), publisher(attempt.body(), appRequest.bodyPublisher().isPresent()))
                .expectContinue(appRequest.expectContinue());
        appRequest.version().ifPresent(builder::version);
        Optional.ofNullable(timeout).or(appRequest::timeout).ifPresent(builder::timeout);
        attempt.headers().forEach((name, value) -> {
            if (!HttpHeaders.isOneOf(name, RESTRICTED)) {
                try {
                    builder.header(name, value);
                } catch (IllegalArgumentException e) {
                    // The client's message may quote the value, which can be a credential: name the header only.
                    throw new IllegalArgumentException("the JDK client refuses the value of header " + name);
                }
            }
        });
        return builder.build();
    }

    private static BodyPublisher publisher(byte[] body, boolean hadBody) {
        return body.length == 0 && !hadBody ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(body);
    }
}
