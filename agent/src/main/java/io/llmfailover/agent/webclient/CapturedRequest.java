package io.llmfailover.agent.webclient;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.net.URI;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReference;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpCookie;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.AbstractClientHttpRequest;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The request WebClient writes for a governed call, caught in memory instead of being sent: its
 * headers, cookies and body bytes exactly as the app's filters and codecs produced them.
 */
final class CapturedRequest extends AbstractClientHttpRequest {

    private final HttpMethod method;
    private final URI uri;
    private final AtomicReference<byte[]> body = new AtomicReference<>(new byte[0]);

    CapturedRequest(HttpMethod method, URI uri) {
        this.method = method;
        this.uri = uri;
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
        AtomicReference<byte[]> target = body;
        Mono<Void> write = DataBufferUtils.join(Flux.from(content))
                .map(CapturedRequest::copyAndRelease)
                .doOnNext(target::set)
                .then();
        return doCommit(() -> write);
    }

    private static byte[] copyAndRelease(DataBuffer joined) {
        byte[] bytes = new byte[joined.readableByteCount()];
        joined.read(bytes);
        DataBufferUtils.release(joined);
        return bytes;
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
        // the headers stay in getHeaders(), read by toNeutral()
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

    LlmRequest toNeutral() {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return new LlmRequest(method.name(), uri, headers.build(), body.get());
    }
}
