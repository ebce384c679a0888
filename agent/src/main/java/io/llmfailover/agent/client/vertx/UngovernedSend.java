package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.vertx.core.Future;
import io.vertx.core.http.ClientForm;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.RequestOptions;

/** A governed call that turns out to be one the agent cannot hold (a form the client encodes as it sends): sent as the app made it. */
final class UngovernedSend {

    private UngovernedSend() {}

    static Future<HttpClientResponse> form(VertxCall call, ClientForm form) {
        RequestOptions options = call.optionsCopy().setHeaders(call.headers());
        Future<HttpClientResponse> sent;
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            sent = call.client().request(options).compose(request -> {
                call.appRequest().redirectsAsSetOn(request);
                return request.send(form);
            });
        }
        sent.onComplete(call.response()::handle);
        return call.response().future();
    }
}
