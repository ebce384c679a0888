package io.llmfailover.agent.client.webclient;

import io.llmfailover.runtime.contract.LlmResponse;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ClientHttpResponseDecorator;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/** The connector's own response, its body read through the runtime's answer, which watches it on its way to the app. */
final class AnswerBodyResponse extends ClientHttpResponseDecorator {

    private final LlmResponse answer;
    private final Scheduler readers;

    AnswerBodyResponse(ClientHttpResponse own, LlmResponse answer, Scheduler readers) {
        super(own);
        this.answer = answer;
        this.readers = readers;
    }

    @Override
    public Flux<DataBuffer> getBody() {
        return WebClientRelayedResponse.bodyOf(answer, readers);
    }
}
