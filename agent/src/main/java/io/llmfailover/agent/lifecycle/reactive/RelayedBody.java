package io.llmfailover.agent.lifecycle.reactive;

import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import java.util.Arrays;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * An answer's body as a lazy {@code Flux} of byte chunks, read on agent threads chunk by chunk as
 * the app asks, so an SSE event reaches the app when it arrives; cancelling it, or its end, closes
 * the answer. Each reactive adapter wraps the chunks in its client's own buffer type.
 */
public final class RelayedBody {

    private static final int CHUNK_BYTES = 8 * 1024;

    private RelayedBody() {}

    public static Flux<byte[]> of(LlmResponse answer, Scheduler readers) {
        return Flux.<byte[], InputStream>generate(answer::body, (body, sink) -> {
                    try {
                        byte[] chunk = new byte[CHUNK_BYTES];
                        int read = body.read(chunk);
                        if (read < 0) {
                            sink.complete();
                        } else {
                            sink.next(Arrays.copyOf(chunk, read));
                        }
                    } catch (Exception e) {
                        sink.error(TransportFailure.unwrapped(e)); // the client's own failure, as the app would see it
                    }
                    return body;
                }, body -> answer.close())
                .subscribeOn(readers);
    }
}
