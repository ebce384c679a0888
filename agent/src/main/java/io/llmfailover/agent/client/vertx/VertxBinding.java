package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.ReasonPhrase;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;

/** What is Vert.x's own in the call lifecycle: the app's client and options, the request it wrote, the response it gets. */
final class VertxBinding extends CallBinding<VertxCall, HttpClientResponse> {

    static final VertxBinding INSTANCE = new VertxBinding();

    private VertxBinding() {
        super("Vert.x HttpClient", HttpClient.class.getClassLoader());
    }

    /** The app's options are its own (it may use them again), and it sets headers on the request it is handed. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.THROUGH_PROCEED;
    }

    /** The app wrote its whole body before ending the request; one that outgrew the cap is already on its way, ungoverned. */
    @Override
    public BufferedBody buffer(VertxCall call, long limit) {
        return call.pastCap() != null ? BufferedBody.tooLarge(limit) : BufferedBody.of(call.written());
    }

    @Override
    public Transport transport(VertxCall call, LlmRequest neutral) {
        return new VertxTransport(call);
    }

    /** Yes: each attempt is a request of its own on the app's client. */
    @Override
    public boolean sendsConcurrently(VertxCall call) {
        return true;
    }

    @Override
    public HttpClientResponse toApp(VertxCall call, Answer answer) {
        HttpClientResponse own = NativeResponse.ownOf(answer, HttpClientResponse.class);
        String statusMessage = own != null ? own.statusMessage() : ReasonPhrase.of(answer.status());
        return new VertxRelayedResponse(call, answer, statusMessage);
    }

    /** The app's request as it wrote it, sent once: ended now when its body outgrew the cap and already went out. */
    @Override
    public HttpClientResponse proceed(VertxCall call, BufferedBody body) throws IOException {
        PastCapSend pastCap = call.pastCap();
        NativeResponse<HttpClientResponse> response;
        if (pastCap != null) {
            pastCap.end();
            response = pastCap.awaitHead();
        } else {
            RequestOptions options = call.optionsCopy().setHeaders(call.headers());
            response = VertxAttempt.send(call, options, call.written(), true, null, null);
        }
        return new VertxRelayedResponse(call, response, response.nativeResponse().statusMessage());
    }

    /** Our own head deadline reaches the app as a timeout, as Vert.x's own idle timeout does. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.timeoutException(expired);
    }
}
