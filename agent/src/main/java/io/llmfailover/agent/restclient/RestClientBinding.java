package io.llmfailover.agent.restclient;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/** What is Spring's own in the call lifecycle: its request, its buffered body, its execution, its response. */
final class RestClientBinding implements ClientBinding<RestClientCall, ClientHttpResponse> {

    static final RestClientBinding INSTANCE = new RestClientBinding();

    private RestClientBinding() {}

    @Override
    public String clientName() {
        return "RestClient";
    }

    @Override
    public String method(RestClientCall call) {
        return call.request().getMethod().name();
    }

    @Override
    public URI uri(RestClientCall call) {
        return call.request().getURI();
    }

    /** Spring buffered the body before any interceptor ran: nothing more is read, the cap only decides. */
    @Override
    public BufferedBody buffer(RestClientCall call, long limit) {
        return call.body().length > limit ? BufferedBody.tooLarge(limit) : BufferedBody.of(call.body());
    }

    @Override
    public LlmRequest toNeutral(RestClientCall call, byte[] body) {
        return SpringRequestMapping.toNeutral(call.request(), body);
    }

    @Override
    public Transport transport(RestClientCall call, LlmRequest neutral) {
        return new ExecutionTransport(call);
    }

    @Override
    public ClientHttpResponse toApp(RestClientCall call, Answer answer) throws IOException {
        if (!answer.isOwn()) {
            return RelayedClientHttpResponse.made(answer);
        }
        ClientHttpResponse own = ((SpringLlmResponse) answer.ownResponse()).nativeResponse();
        return answer.ownBodyUntouched() ? own : RelayedClientHttpResponse.ownWithBodyOf(own, answer);
    }

    @Override
    public ClientHttpResponse proceed(RestClientCall call, BufferedBody body) throws IOException {
        return call.execution().execute(call.request(), call.body());
    }

    /** Our own head deadline reaches the app the way a blocking request factory reports a read timeout. */
    @Override
    public IOException timeout(FirstByteTimeoutException expired) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(expired);
        return timeout;
    }

    @Override
    public ClassLoader clientLoader(RestClientCall call) {
        return HttpRequest.class.getClassLoader();
    }
}
