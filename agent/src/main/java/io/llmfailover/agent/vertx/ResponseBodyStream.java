package io.llmfailover.agent.vertx;

import io.llmfailover.agent.lifecycle.ArrivingBody;
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

    /** Called on the response's context, before it hands over its first buffer. */
    static ArrivingBody of(HttpClientResponse response) {
        response.pause();
        ResponseBodyStream source = new ResponseBodyStream(response, Vertx.currentContext());
        ArrivingBody body = new ArrivingBody();
        response.handler(buffer -> body.arrived(buffer.getBytes()));
        response.exceptionHandler(failure -> body.failed(VertxFailure.of(failure)));
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
