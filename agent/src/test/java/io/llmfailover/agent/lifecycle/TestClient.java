package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client of the tests' own, as small as a binding can be: a call is its URI, headers, body and a
 * transport the test scripts; the app's response is a string. Going ahead as the app made it
 * answers {@code "as made"}, and counts.
 */
final class TestClient implements ClientBinding<TestClient.Call, String> {

    static final TestClient INSTANCE = new TestClient();
    static final String AS_MADE = "as made";

    static final class Call {
        final URI uri;
        final byte[] body;
        final Map<String, String> headers = new ConcurrentHashMap<>();
        final AtomicInteger proceeded = new AtomicInteger();
        final AtomicInteger sent = new AtomicInteger();
        volatile Transport wire = attempt -> new BufferedResponse(200, HttpHeaders.EMPTY, bytes("hello"));
        volatile Runnable goingAhead = () -> {};

        Call(String uri, String body) {
            this.uri = URI.create(uri);
            this.body = bytes(body);
        }

        Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }
    }

    @Override
    public String clientName() {
        return "Test client";
    }

    @Override
    public String method(Call call) {
        return "POST";
    }

    @Override
    public URI uri(Call call) {
        return call.uri;
    }

    @Override
    public BufferedBody buffer(Call call, long limit) {
        return call.body.length > limit ? BufferedBody.tooLarge(limit) : BufferedBody.of(call.body);
    }

    @Override
    public String takeHeader(Call call, String name) {
        return call.headers.remove(name);
    }

    @Override
    public LlmRequest toNeutral(Call call, byte[] body) {
        return new LlmRequest("POST", call.uri, HttpHeaders.EMPTY, body);
    }

    @Override
    public Transport transport(Call call, LlmRequest neutral) {
        return attempt -> {
            call.sent.incrementAndGet();
            return call.wire.send(attempt);
        };
    }

    @Override
    public String toApp(Call call, Answer answer) throws IOException {
        try (InputStream body = answer.body()) {
            return answer.status() + " " + new String(body.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            answer.close();
        }
    }

    @Override
    public String proceed(Call call, BufferedBody body) {
        call.proceeded.incrementAndGet();
        call.goingAhead.run();
        return AS_MADE;
    }

    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return new SocketTimeoutException("head timeout");
    }

    @Override
    public ClassLoader clientLoader(Call call) {
        return null;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
