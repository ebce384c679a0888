package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.time.Scheduler;
import java.io.IOException;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The I/O of one attempt, done on whichever thread sends it: the request out and the response head
 * in, then, for a streamed success, the wait for its first content. What it means is decided by the
 * walk, on the caller's thread.
 *
 * @param response the head, or null when none came
 * @param content for a streamed success, its first content or why none came; else null
 * @param noHead why no head came
 * @param internal a failure of the agent's own while sending
 */
record Exchange(LlmResponse response, FirstContentDeadline.Result content, IOException noHead, Throwable internal) {

    /**
     * @param target the protocol of the provider asked, which tells what a stream's first content is
     * @param firstContentNanos asked once the head is in: how long the first content may take
     * @param onHead told of the head as soon as it is in, before any wait for content
     */
    static Exchange run(Transport transport, AttemptRequest outgoing, Protocol target, LongSupplier firstContentNanos,
            Scheduler scheduler, Consumer<LlmResponse> onHead) {
        LlmResponse response;
        try {
            response = transport.send(outgoing);
        } catch (IOException noHead) {
            return new Exchange(null, null, noHead, null);
        } catch (RuntimeException | Error internal) {
            return new Exchange(null, null, null, internal);
        }
        try {
            onHead.accept(response);
            if (response.status() >= 300 || !outgoing.streamed()) {
                return new Exchange(response, null, null, null);
            }
            return new Exchange(response, FirstContentDeadline.await(response, firstContentNanos.getAsLong(), scheduler, target), null, null);
        } catch (RuntimeException | Error internal) {
            return new Exchange(response, null, null, internal);
        }
    }

    /** Releases whatever this exchange holds, without reading it: for an attempt nobody will use. */
    void abandon() {
        if (response != null) {
            response.abort();
        }
    }
}
