package io.llmfailover.agent.client.webclient;

import io.llmfailover.runtime.contract.RouteHeader;
import java.net.URI;
import java.util.Map;
import java.util.StringJoiner;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpCookie;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.AbstractClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpRequest;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The request WebClient writes for a governed call, caught in memory instead of being sent: its
 * headers, cookies and attributes exactly as the app's filters and codecs produced them, and its
 * body read up to the cap (see {@link BodyCapture}). It is then written, once per attempt, into
 * requests of the app's own connector.
 */
final class WebClientCapturedRequest extends AbstractClientHttpRequest {

    private final HttpMethod method;
    private final URI uri;
    private final BodyCapture body;
    private volatile boolean wroteBody;

    WebClientCapturedRequest(HttpMethod method, URI uri, long limit) {
        this.method = method;
        this.uri = uri;
        this.body = new BodyCapture(limit);
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
    public DataBufferFactory bufferFactory() {
        return DefaultDataBufferFactory.sharedInstance;
    }

    /** There is no native request yet: an app callback that needs one makes the call go ahead ungoverned. */
    @Override
    public <T> T getNativeRequest() {
        throw new UnsupportedOperationException("a governed WebClient call has no native request before it is sent");
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> content) {
        // Lambdas here capture locals only, never this: see AdapterClassLoader on classes that extend client types.
        BodyCapture capture = body;
        wroteBody = true;
        return doCommit(() -> capture.read(content));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> content) {
        return writeWith(Flux.from(content).concatMap(Flux::from));
    }

    @Override
    public Mono<Void> setComplete() {
        return doCommit();
    }

    @Override
    protected void applyHeaders() {
        // the headers stay in getHeaders(), copied onto each request sent
    }

    /** Cookies travel as the Cookie header, as every connector sends them. */
    @Override
    protected void applyCookies() {
        if (getCookies().isEmpty()) {
            return;
        }
        StringJoiner cookie = new StringJoiner("; ");
        getCookies().values().forEach(cookies -> cookies.stream().map(HttpCookie::toString).forEach(cookie::add));
        getHeaders().add("Cookie", cookie.toString());
    }

    BodyCapture body() {
        return body;
    }

    /** The headers but the agent's own, which never leave the JVM, and the attributes (Spring 6.2), onto a request of the app's connector. */
    void copyHeadTo(ClientHttpRequest request) {
        request.getHeaders().addAll(getHeaders());
        request.getHeaders().remove(RouteHeader.NAME);
        try {
            Map<String, Object> attributes = getAttributes();
            request.getAttributes().putAll(attributes);
        } catch (LinkageError beforeSpring62) {
            // no request attributes before Spring 6.2
        }
    }

    /** The body as the app wrote it: from memory when it fit, else what was read followed by the rest of the app's stream. */
    Mono<Void> writeBodyTo(ClientHttpRequest request) {
        if (!wroteBody) {
            return request.setComplete();
        }
        if (body.overCap()) {
            return request.writeWith(body.whole(request.bufferFactory()));
        }
        byte[] bytes = body.bytes();
        if (request.getHeaders().getContentLength() < 0) {
            request.getHeaders().setContentLength(bytes.length);
        }
        DataBufferFactory buffers = request.bufferFactory();
        return request.writeWith(Mono.fromSupplier(() -> buffers.wrap(bytes)));
    }
}
