package io.llmfailover.agent.restclient;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/** What is Spring's own in the call lifecycle: the governed request, the app's factory, its response. */
final class RestClientBinding implements ClientBinding<GovernedRequest, ClientHttpResponse> {

    static final RestClientBinding INSTANCE = new RestClientBinding();

    private RestClientBinding() {}

    @Override
    public String clientName() {
        return "RestClient";
    }

    @Override
    public String method(GovernedRequest call) {
        return call.getMethod().name();
    }

    @Override
    public URI uri(GovernedRequest call) {
        return call.getURI();
    }

    @Override
    public String takeHeader(GovernedRequest call, String name) {
        return call.takeHeader(name);
    }

    /** RestClient sets the headers on the request the factory hands it, after the agent saw the call. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.THROUGH_PROCEED;
    }

    @Override
    public BufferedBody buffer(GovernedRequest call, long limit) throws IOException {
        return call.buffer(limit);
    }

    @Override
    public LlmRequest toNeutral(GovernedRequest call, byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        call.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return new LlmRequest(call.getMethod().name(), call.getURI(), headers.build(), body);
    }

    @Override
    public Transport transport(GovernedRequest call, LlmRequest neutral) {
        return new FactoryTransport(call);
    }

    @Override
    public ClientHttpResponse toApp(GovernedRequest call, Answer answer) throws IOException {
        if (!answer.isOwn()) {
            return RelayedClientHttpResponse.made(answer);
        }
        ClientHttpResponse own = ((SpringLlmResponse) answer.ownResponse()).nativeResponse();
        return answer.ownBodyUntouched() ? own : RelayedClientHttpResponse.ownWithBodyOf(own, answer);
    }

    @Override
    public ClientHttpResponse proceed(GovernedRequest call, BufferedBody body) throws IOException {
        return call.proceed();
    }

    /** Our own head deadline reaches the app the way a blocking request factory reports a read timeout. */
    @Override
    public IOException timeout(FirstByteTimeoutException expired) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(expired);
        return timeout;
    }

    @Override
    public ClassLoader clientLoader(GovernedRequest call) {
        return HttpRequest.class.getClassLoader();
    }
}
