package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;

/** What is WebClient's own in the call lifecycle: its connector, the request its callback writes, its response. */
final class WebClientBinding extends CallBinding<WebClientCall, ClientHttpResponse> {

    static final WebClientBinding INSTANCE = new WebClientBinding();

    private WebClientBinding() {
        super("WebClient", ClientHttpConnector.class.getClassLoader());
    }

    @Override
    public BufferedBody buffer(WebClientCall call, long limit) throws IOException {
        return call.capture(limit);
    }

    @Override
    public Transport transport(WebClientCall call, LlmRequest neutral) {
        return new ConnectorTransport(call);
    }

    /** Yes: each attempt is an exchange of its own on the app's connector. */
    @Override
    public boolean sendsConcurrently(WebClientCall call) {
        return true;
    }

    @Override
    public ClientHttpResponse toApp(WebClientCall call, Answer answer) {
        ClientHttpResponse handedOver = NativeResponse.handedOver(answer, ClientHttpResponse.class);
        if (handedOver != null) {
            return handedOver;
        }
        call.onAbandon(answer::close);
        ClientHttpResponse own = NativeResponse.ownOf(answer, ClientHttpResponse.class);
        return own != null
                ? new AnswerBodyResponse(own, answer, call.readers())
                : new WebClientRelayedResponse(answer, call.readers());
    }

    /** The app's request as it made it, sent once: its own callback when nothing of it was captured, else the capture, whole. */
    @Override
    public ClientHttpResponse proceed(WebClientCall call, BufferedBody body) throws IOException {
        WebClientCall app = call;
        Mono<ClientHttpResponse> exchange = call.captured()
                ? call.connector().connect(call.method(), call.uri(), app::writeWhole)
                : call.connector().connect(call.method(), call.uri(), call.callback());
        try {
            return ConnectorTransport.awaitHead(call, exchange, null, null).handOver();
        } catch (CallAbandonedException abandoned) {
            throw abandoned.appFailure();
        }
    }

    /** Our own head deadline reaches the app as a Reactor timeout, which WebClient wraps as it wraps its connector's failures. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.timeoutException(expired);
    }
}
