package io.llmfailover.agent.client.micronaut;

import io.micronaut.http.HttpResponse;
import reactor.core.publisher.MonoSink;

/**
 * What the app's client gets from the agent's filter: a response of the type the app asked for, or
 * the exception Micronaut raises for it ({@code HttpClientResponseException} for an error status).
 */
record AppOutcome(HttpResponse<?> response, RuntimeException failure) {

    static AppOutcome of(HttpResponse<?> response) {
        return new AppOutcome(response, null);
    }

    static AppOutcome failed(RuntimeException failure) {
        return new AppOutcome(null, failure);
    }

    void deliverTo(MonoSink<HttpResponse<?>> sink) {
        if (failure != null) {
            sink.error(failure);
        } else {
            sink.success(response);
        }
    }
}
