package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * The interceptor placed last in every RestClient and RestTemplate: runs each call through the call
 * lifecycle, whose attempts continue through the rest of the app's execution.
 */
final class FailoverRequestInterceptor implements ClientHttpRequestInterceptor {

    private final Supplier<CallGovernor> governor;
    private final ExecutorService executor;

    FailoverRequestInterceptor(Supplier<CallGovernor> governor, ExecutorService executor) {
        this.governor = governor;
        this.executor = executor;
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        return CallLifecycle.run(RestClientBinding.INSTANCE, new RestClientCall(request, body, execution, executor), governor);
    }
}
