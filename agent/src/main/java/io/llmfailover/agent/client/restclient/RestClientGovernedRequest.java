package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.RouteHeader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;

/**
 * A governed call's request as the app writes it; nothing is sent before {@link #execute()}. Its
 * body is held as Spring's converters hand it over ({@link #setBody}, written only when the call
 * runs), or as the bytes the app writes to {@link #getBody()}, within {@code buffer.max-bytes}:
 * bytes past the cap turn it into the app's factory's own request at once, the rest streamed to
 * it, and the call goes once, whole, ungoverned. Execution runs the call through the lifecycle,
 * each attempt a request of the app's factory.
 */
final class RestClientGovernedRequest implements ClientHttpRequest, StreamingHttpOutputMessage, CallRequest {

    private final ClientHttpRequestFactory appFactory;
    private final URI uri;
    private final HttpMethod method;
    private final HttpHeaders headers = new HttpHeaders();
    private final Map<String, Object> attributes = new LinkedHashMap<>();
    private Governance governance;
    /** The body as a converter handed it over. */
    private Body streamed;
    /** The body as the app wrote it. */
    private WrittenBody written;
    /** The bytes each attempt sends, once the body was read within the cap. */
    private byte[] buffered;
    private boolean executed;

    RestClientGovernedRequest(ClientHttpRequestFactory appFactory, URI uri, HttpMethod method) {
        this.appFactory = appFactory;
        this.uri = uri;
        this.method = method;
    }

    /** This request, to be run with the lifecycle's hold on it, taken on the app's thread. */
    RestClientGovernedRequest governedBy(Governance governance) {
        this.governance = governance;
        return this;
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
    public HttpHeaders getHeaders() {
        return headers;
    }

    @Override
    public Map<String, Object> getAttributes() {
        return attributes;
    }

    @Override
    public OutputStream getBody() {
        assertNotExecuted();
        if (written == null) {
            written = new WrittenBody(governance.bufferLimit());
        }
        return written;
    }

    @Override
    public void setBody(Body body) {
        assertNotExecuted();
        streamed = body;
    }

    @Override
    public ClientHttpResponse execute() throws IOException {
        assertNotExecuted();
        executed = true;
        return CallLifecycle.run(RestClientBinding.INSTANCE, this, governance);
    }

    private void assertNotExecuted() {
        if (executed) {
            throw new IllegalStateException("ClientHttpRequest already executed");
        }
    }

    /** Reads the body into memory within {@code limit}: what each attempt sends. */
    BufferedBody buffer(long limit) throws IOException {
        BufferedBody body;
        if (written != null) {
            body = written.passThrough != null ? BufferedBody.tooLarge(limit) : BufferedBody.of(written.bytes.toByteArray());
        } else if (streamed != null) {
            body = SpringBodies.copy(streamed, headers.getContentLength(), limit);
        } else {
            body = BufferedBody.empty();
        }
        if (body.fits()) {
            buffered = body.bytes();
        }
        return body;
    }

    /** The call as the app made it, sent once: a request of its factory with its headers and whole body. */
    ClientHttpResponse proceed() throws IOException {
        if (written != null && written.passThrough != null) {
            copyHeadersTo(written.passThrough);
            return written.passThrough.execute();
        }
        ClientHttpRequest request = appFactory.createRequest(uri, method);
        copyHeadersTo(request);
        if (buffered != null) {
            SpringBodies.write(request, buffered);
        } else if (streamed != null) {
            SpringBodies.hand(request, streamed);
        } else if (written != null) {
            SpringBodies.write(request, written.bytes.toByteArray());
        }
        return request.execute();
    }

    /** The original attempt: the app's request, with the headers the runtime adds (trace context). */
    ClientHttpRequest originalAttempt(io.llmfailover.runtime.contract.HttpHeaders added) throws IOException {
        ClientHttpRequest request = appFactory.createRequest(uri, method);
        copyHeadersTo(request);
        HttpHeaders attemptHeaders = request.getHeaders();
        added.forEach(attemptHeaders::add);
        SpringBodies.write(request, buffered);
        return request;
    }

    /** A rewritten attempt, through the app's factory: its method, URI, headers and body. */
    ClientHttpRequest rewrittenAttempt(LlmRequest attempt) throws IOException {
        ClientHttpRequest request = appFactory.createRequest(attempt.uri(), HttpMethod.valueOf(attempt.method()));
        HttpHeaders attemptHeaders = request.getHeaders();
        attempt.headers().forEach(attemptHeaders::add);
        SpringBodies.write(request, attempt.body());
        return request;
    }

    /** The app's headers onto a request of its factory, but the agent's own, which never leave the JVM. */
    private void copyHeadersTo(ClientHttpRequest request) {
        HttpHeaders target = request.getHeaders();
        headers.forEach((name, values) -> {
            if (!name.equalsIgnoreCase(RouteHeader.NAME)) {
                target.put(name, new ArrayList<>(values));
            }
        });
    }

    /** Removes {@code name} from the app's headers; its first value, or null. */
    @Override
    public String takeHeader(String name) {
        String value = headers.getFirst(name);
        headers.remove(name);
        return value;
    }

    @Override
    public String methodName() {
        return method.name();
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return new LlmRequest(method.name(), uri, io.llmfailover.runtime.contract.HttpHeaders.ofNames(headers::forEach), body);
    }

    /**
     * What the app writes to {@link #getBody()}: kept in memory up to the cap; the first byte past
     * it opens the factory's own request, which gets what was kept and then the rest as it comes.
     * Those bytes are the app's own call: marked, so the adapter underneath leaves them alone.
     */
    private final class WrittenBody extends OutputStream {
        private final long limit;
        /** What was kept; null once the bytes went to the factory's request. */
        private ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private ClientHttpRequest passThrough;
        private OutputStream passThroughBody;

        WrittenBody(long limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] source, int offset, int length) throws IOException {
            if (passThroughBody == null && bytes.size() + (long) length <= limit) {
                bytes.write(source, offset, length);
                return;
            }
            try (AttemptGuard.Scope appsOwn = AttemptGuard.enter()) {
                if (passThroughBody == null) {
                    passThrough = appFactory.createRequest(uri, method);
                    copyHeadersTo(passThrough);
                    passThroughBody = passThrough.getBody();
                    bytes.writeTo(passThroughBody);
                    bytes = null;
                }
                passThroughBody.write(source, offset, length);
            }
        }

        @Override
        public void flush() throws IOException {
            if (passThroughBody != null) {
                try (AttemptGuard.Scope appsOwn = AttemptGuard.enter()) {
                    passThroughBody.flush();
                }
            }
        }

        @Override
        public void close() throws IOException {
            if (passThroughBody != null) {
                try (AttemptGuard.Scope appsOwn = AttemptGuard.enter()) {
                    passThroughBody.close();
                }
            }
        }
    }
}
