package io.llmfailover.agent.client.apache5;

import java.io.IOException;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;

/** The async chain's callback for a {@link RewrittenExchanges rewritten} exchange: a redirect reaches the stages above without its {@code Location}. */
final class RedirectHandedBack implements AsyncExecCallback {

    private final AsyncExecCallback above;

    RedirectHandedBack(AsyncExecCallback above) {
        this.above = above;
    }

    @Override
    public AsyncDataConsumer handleResponse(HttpResponse response, EntityDetails entityDetails)
            throws HttpException, IOException {
        RewrittenExchanges.handBack(response);
        return above.handleResponse(response, entityDetails);
    }

    @Override
    public void handleInformationResponse(HttpResponse response) throws HttpException, IOException {
        above.handleInformationResponse(response);
    }

    @Override
    public void completed() {
        above.completed();
    }

    @Override
    public void failed(Exception cause) {
        above.failed(cause);
    }
}
