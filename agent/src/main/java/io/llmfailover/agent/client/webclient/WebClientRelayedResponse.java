package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.reactive.RelayedBody;
import io.llmfailover.runtime.contract.LlmResponse;
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
final class WebClientRelayedResponse implements ClientHttpResponse {

    private final LlmResponse answer;
    private final Scheduler readers;
    private final HttpHeaders headers = new HttpHeaders();

    WebClientRelayedResponse(LlmResponse answer, Scheduler readers) {
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
        return RelayedBody.of(answer, readers).map(DefaultDataBufferFactory.sharedInstance::wrap);
    }
}
