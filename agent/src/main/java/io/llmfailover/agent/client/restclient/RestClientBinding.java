package io.llmfailover.agent.client.restclient;

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
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/** What is Spring's own in the call lifecycle: the governed request, the app's factory, its response. */
final class RestClientBinding extends CallBinding<RestClientGovernedRequest, ClientHttpResponse> {

    static final RestClientBinding INSTANCE = new RestClientBinding();

    private RestClientBinding() {
        super("RestClient", HttpRequest.class.getClassLoader());
    }

    /** RestClient sets the headers on the request the factory hands it, after the agent saw the call. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.THROUGH_PROCEED;
    }

    @Override
    public BufferedBody buffer(RestClientGovernedRequest call, long limit) throws IOException {
        return call.buffer(limit);
    }

    @Override
    public Transport transport(RestClientGovernedRequest call, LlmRequest neutral) {
        return new FactoryTransport(call);
    }

    @Override
    public ClientHttpResponse toApp(RestClientGovernedRequest call, Answer answer) throws IOException {
        ClientHttpResponse own = NativeResponse.ownOf(answer, ClientHttpResponse.class);
        if (own == null) {
            return RestClientRelayedResponse.made(answer);
        }
        return answer.ownBodyUntouched() ? own : RestClientRelayedResponse.ownWithBodyOf(own, answer);
    }

    @Override
    public ClientHttpResponse proceed(RestClientGovernedRequest call, BufferedBody body) throws IOException {
        return call.proceed();
    }

    /** Our own head deadline reaches the app the way a blocking request factory reports a read timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.readTimedOut(expired);
    }
}
