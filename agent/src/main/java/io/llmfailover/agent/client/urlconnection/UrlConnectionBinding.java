package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.net.HttpURLConnection;

/** What is HttpURLConnection's own in the call lifecycle: the app's connection, what it wrote, its accessors. */
final class UrlConnectionBinding extends CallBinding<GovernedConnection, ChosenResponse> {

    static final UrlConnectionBinding INSTANCE = new UrlConnectionBinding();

    /** The JDK's own client sees no app class: the app's OpenTelemetry is found through the calling thread's context loader. */
    private UrlConnectionBinding() {
        super("HttpURLConnection", null);
    }

    @Override
    public BufferedBody buffer(GovernedConnection call, long limit) {
        return call.buffered(limit);
    }

    @Override
    public Transport transport(GovernedConnection call, LlmRequest neutral) {
        return new UrlConnectionTransport(call.connection, call.proxy);
    }

    @Override
    public ChosenResponse toApp(GovernedConnection call, Answer answer) {
        HttpURLConnection own = NativeResponse.ownOf(answer, HttpURLConnection.class);
        return own != null ? ChosenResponse.own(own, answer) : ChosenResponse.of(answer, call.connection.getURL());
    }

    @Override
    public ChosenResponse proceed(GovernedConnection call, BufferedBody body) throws IOException {
        return call.proceed(body != null && body.fits() ? body : null);
    }

    /** Our own head deadline reaches the app the way the JDK reports a read timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.readTimedOut(expired);
    }
}
