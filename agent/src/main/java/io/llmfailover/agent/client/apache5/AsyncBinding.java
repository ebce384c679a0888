package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * What is HttpClient 5 async's own in the call lifecycle: its request and entity producer, its
 * exec chain, and its callback, which hears the answer relayed. Runs on the adapter executor.
 */
final class AsyncBinding extends CallBinding<GovernedAsyncCall, Void> {

    static final AsyncBinding INSTANCE = new AsyncBinding();

    private AsyncBinding() {
        super("Apache HttpClient 5 async", HttpRequest.class.getClassLoader());
    }

    @Override
    public BufferedBody buffer(GovernedAsyncCall call, long limit) throws IOException {
        return RequestEntityBytes.collect(call, limit);
    }

    @Override
    public Transport transport(GovernedAsyncCall call, LlmRequest neutral) {
        return new AsyncTransport(call);
    }

    /**
     * Relays the answer to the app's callback, its body as it arrives, on a relay thread: the call's
     * task ends here, so that a long stream holds no task slot that new calls need.
     */
    @Override
    public Void toApp(GovernedAsyncCall call, Answer answer) {
        AgentThreads.relays().execute(new Apache5AnswerRelay(answer, call));
        return null;
    }

    /** The app's request down the chain as it was made; a producer that could not be rewound is replayed from the copy. */
    @Override
    public Void proceed(GovernedAsyncCall call, BufferedBody body) throws IOException {
        AsyncEntityProducer producer = call.entityProducer;
        if (producer != null && !producer.isRepeatable() && body != null && body.fits()) {
            producer = Apache5Requests.entityOf(body.bytes(), producer.getContentType());
        }
        try {
            call.chain.proceed(call.request, producer, call.scope, call.callback);
        } catch (HttpException e) {
            throw new Apache5HttpFailure(e);
        }
        return null;
    }

    /** Our own head deadline reaches the app the way a socket read timeout would. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.readTimedOut(expired);
    }
}
