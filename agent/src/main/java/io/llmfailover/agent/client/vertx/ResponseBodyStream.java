package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientResponse;

/**
 * Feeds a paused Vert.x response body into an {@link ArrivingBody}: each buffer of demand is asked
 * for on the response's own context, so at most one buffer waits in memory.
 */
final class ResponseBodyStream implements ArrivingBody.Source {

    private final HttpClientResponse response;
    private final Context context;
    private volatile boolean ended;

    private ResponseBodyStream(HttpClientResponse response, Context context) {
        this.response = response;
        this.context = context;
    }

    /**
     * Called on the response's context, before it hands over its first buffer.
     *
     * @param arrived told of each buffer as it arrives, on the response's context
     */
    static ArrivingBody of(HttpClientResponse response, Runnable arrived) {
        response.pause();
        ResponseBodyStream source = new ResponseBodyStream(response, Vertx.currentContext());
        ArrivingBody body = new ArrivingBody();
        response.handler(buffer -> {
            arrived.run();
            body.arrived(buffer.getBytes());
        });
        response.exceptionHandler(failure -> source.failAfterWhatArrived(body, TransportFailure.of(failure)));
        response.endHandler(end -> {
            source.ended = true;
            body.ended();
        });
        body.attach(source);
        return body;
    }

    @Override
    public void requestOne() {
        onContext(() -> response.fetch(1));
    }

    /**
     * A broken connection is reported at once, while the chunks it delivered may still wait in the
     * paused response: they are fetched first (the fetch runs on the context before the failure
     * does), so the reader gets every byte that came before the break.
     */
    private void failAfterWhatArrived(ArrivingBody body, Throwable failure) {
        response.fetch(Long.MAX_VALUE);
        onContext(() -> body.failed(failure));
    }

    /** Unread, the body is cut off: the request is reset, which closes its connection. */
    @Override
    public void cancel() {
        if (!ended) {
            onContext(() -> response.request().reset());
        }
    }

    private void onContext(Runnable action) {
        if (context == null) {
            action.run();
        } else {
            context.runOnContext(v -> action.run());
        }
    }
}
