package io.llmfailover.agent.client.apache5;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;

/** The app's callback, which hears exactly one end of its call ({@code completed} or {@code failed}), never two. */
final class EndedOnce implements AsyncExecCallback {

    private final AsyncExecCallback app;
    private final AtomicBoolean ended = new AtomicBoolean();

    EndedOnce(AsyncExecCallback app) {
        this.app = app;
    }

    @Override
    public AsyncDataConsumer handleResponse(HttpResponse response, EntityDetails entityDetails)
            throws HttpException, IOException {
        return app.handleResponse(response, entityDetails);
    }

    @Override
    public void handleInformationResponse(HttpResponse response) throws HttpException, IOException {
        app.handleInformationResponse(response);
    }

    @Override
    public void completed() {
        if (ended.compareAndSet(false, true)) {
            app.completed();
        }
    }

    @Override
    public void failed(Exception cause) {
        if (ended.compareAndSet(false, true)) {
            app.failed(cause);
        }
    }
}
