package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import reactor.netty.http.client.HttpClient;

/** What is Reactor Netty's own in the call lifecycle: its client chain, the request its body function writes, its response. */
final class ReactorNettyBinding extends CallBinding<ReactorNettyCall, Chosen> {

    static final ReactorNettyBinding INSTANCE = new ReactorNettyBinding();

    private ReactorNettyBinding() {
        super("Reactor Netty", HttpClient.class.getClassLoader());
    }

    /**
     * The client's configuration, shared by the app's other requests, is left as it is, and the
     * app's body function may set headers: the exchange {@link #proceed} subscribes to is the app's without them.
     */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.THROUGH_PROCEED;
    }

    @Override
    public BufferedBody buffer(ReactorNettyCall call, long limit) throws IOException {
        return call.capture(limit);
    }

    @Override
    public Transport transport(ReactorNettyCall call, LlmRequest neutral) {
        return new HttpClientTransport(call);
    }

    @Override
    public Chosen toApp(ReactorNettyCall call, Answer answer) {
        Chosen own = NativeResponse.handedOver(answer, Chosen.class);
        if (own != null) {
            return own;
        }
        call.appWait().onAbandon(answer::close);
        return Chosen.relayed(answer, call.app(), call.readers());
    }

    /** The app's own publisher runs, as it would without the agent; the body function runs once more for it. */
    @Override
    public Chosen proceed(ReactorNettyCall call, BufferedBody body) {
        return Chosen.PROCEED;
    }

    /** Our own head deadline reaches the app as a timeout, as Reactor Netty's response timeout would. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.timeoutException(expired);
    }
}
