package io.llmfailover.agent.webclient;

import io.llmfailover.runtime.http.LlmResponse;
import java.io.InputStream;
import java.util.Arrays;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseCookie;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * What the app gets when the runtime's answer is not the connector's own response: the answer's
 * status and headers, and its body as a lazy {@code Flux<DataBuffer>} read on agent threads chunk by
 * chunk as the app asks, so an SSE event reaches the app when it arrives. Cancelling the body, or
 * reading it to the end, closes the answer.
 */
final class RelayedClientHttpResponse implements ClientHttpResponse {

    private static final int CHUNK_BYTES = 8 * 1024;

    private final LlmResponse answer;
    private final Scheduler readers;
    private final HttpHeaders headers = new HttpHeaders();

    RelayedClientHttpResponse(LlmResponse answer, Scheduler readers) {
        this.answer = answer;
        this.readers = readers;
        answer.headers().forEach(headers::add);
    }

    @Override
    public HttpStatusCode getStatusCode() {
        return HttpStatusCode.valueOf(answer.status());
    }

    @Override
    public MultiValueMap<String, ResponseCookie> getCookies() {
        return new LinkedMultiValueMap<>();
    }

    @Override
    public HttpHeaders getHeaders() {
        return headers;
    }

    @Override
    public Flux<DataBuffer> getBody() {
        return bodyOf(answer, readers);
    }

    /** An answer's body as a lazy {@code Flux}, read on {@code readers}; cancelling it, or its end, closes the answer. */
    static Flux<DataBuffer> bodyOf(LlmResponse answer, Scheduler readers) {
        // Lambdas here capture locals only, never this: see AdapterClassLoader on classes that implement client types.
        LlmResponse relayed = answer;
        return Flux.<DataBuffer, InputStream>generate(relayed::body, (body, sink) -> {
                    try {
                        byte[] chunk = new byte[CHUNK_BYTES];
                        int read = body.read(chunk);
                        if (read < 0) {
                            sink.complete();
                        } else {
                            sink.next(DefaultDataBufferFactory.sharedInstance.wrap(Arrays.copyOf(chunk, read)));
                        }
                    } catch (Exception e) {
                        sink.error(e);
                    }
                    return body;
                }, body -> relayed.close())
                .subscribeOn(readers);
    }
}
