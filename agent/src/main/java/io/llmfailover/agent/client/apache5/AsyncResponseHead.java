package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;

/**
 * One async attempt's response as the I/O reactor gave it, kept for the app when the answer is its
 * own request's: the head, and its entity's details (null when the response has no body).
 */
record AsyncResponseHead(HttpResponse head, EntityDetails entity) {

    /**
     * The attempt's response as the runtime sees it, its body a blocking stream fed by the I/O
     * reactor. Closing it before the body ended aborts the attempt, which releases its connection:
     * nothing ever waits for the rest of the body.
     */
    static NativeResponse<AsyncResponseHead> received(HttpResponse head, EntityDetails entity, ResponseBodyPipe body,
            Cancellable attempt) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Header header : head.getHeaders()) {
            headers.add(header.getName(), header.getValue());
        }
        return NativeResponse.of(new AsyncResponseHead(head, entity), head.getCode(), headers.build(), body.stream())
                .closedBy(new LetGo(body, attempt, false))
                .abortedBy(new LetGo(body, attempt, true));
    }

    /**
     * Closes the body, and cancels the exchange unless the body had ended (always, for an abort). A
     * named class rather than lambdas: see {@link io.llmfailover.agent.bootstrap.AdapterClassLoader}.
     */
    private static final class LetGo implements Runnable {
        private final ResponseBodyPipe body;
        private final Cancellable attempt;
        private final boolean always;

        LetGo(ResponseBodyPipe body, Cancellable attempt, boolean always) {
            this.body = body;
            this.attempt = attempt;
            this.always = always;
        }

        @Override
        public void run() {
            boolean unfinished = always || !body.ended();
            body.close();
            if (unfinished) {
                attempt.cancel();
            }
        }
    }
}
