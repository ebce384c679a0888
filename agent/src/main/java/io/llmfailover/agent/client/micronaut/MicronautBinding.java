package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.exceptions.ReadTimeoutException;
import java.io.IOException;

/** What is Micronaut's own in the call lifecycle: the app's request and filter chain, and the response type the app asked for. */
final class MicronautBinding extends CallBinding<MicronautCall, AppOutcome> {

    static final MicronautBinding INSTANCE = new MicronautBinding();

    private MicronautBinding() {
        super("Micronaut HttpClient", HttpClient.class.getClassLoader());
    }

    @Override
    public BufferedBody buffer(MicronautCall call, long limit) {
        return AppBody.of(call, limit);
    }

    /** Micronaut's headers of a request or a response, every value kept. */
    static HttpHeaders neutral(io.micronaut.http.HttpHeaders headers) {
        return HttpHeaders.ofNames(headers::forEach);
    }

    @Override
    public Transport transport(MicronautCall call, LlmRequest neutral) {
        return new MicronautTransport(call);
    }

    /** The app's own response as Micronaut made it, unless its event stream came unsplit, as an attempt's does. */
    @Override
    public AppOutcome toApp(MicronautCall call, Answer answer) throws IOException {
        AppOutcome own = NativeResponse.ownOf(answer, AppOutcome.class);
        if (answer.ownBodyUntouched() && own != null && !call.acceptsEvents()) {
            return own;
        }
        return AppResponses.of(call, answer);
    }

    /** The app's request as the app's filters left it, sent once down the rest of the chain. */
    @Override
    public AppOutcome proceed(MicronautCall call, BufferedBody body) throws IOException {
        return MicronautAttempt.sendAsIs(call, call.request()).nativeResponse();
    }

    /** Our own head deadline reaches the app as Micronaut's own read timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return TransportFailure.of(ReadTimeoutException.TIMEOUT_EXCEPTION);
    }
}
