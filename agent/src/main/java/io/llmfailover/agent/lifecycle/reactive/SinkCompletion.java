package io.llmfailover.agent.lifecycle.reactive;

import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.CallCompletion;
import reactor.core.publisher.MonoSink;

/**
 * A call's end for the Reactor subscriber it runs for: handed to its sink unless the app cancelled
 * meanwhile, in which case the call's abandon hooks already released the response.
 */
public record SinkCompletion<R>(AppWait appWait, MonoSink<R> sink) implements CallCompletion<R> {

    @Override
    public void answered(R response) {
        if (appWait.deliver()) {
            sink.success(response);
        }
    }

    @Override
    public void failed(Throwable failure) {
        if (appWait.deliver()) {
            sink.error(failure);
        }
    }
}
