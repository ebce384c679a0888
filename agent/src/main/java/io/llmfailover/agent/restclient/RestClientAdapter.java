package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.RestClientHook;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;

/** The RestClient / RestTemplate adapter's entry point: one interceptor shared by every client of its loader. */
public final class RestClientAdapter implements RestClientHook {

    private final FailoverRequestInterceptor failover;

    public RestClientAdapter() {
        this(AgentRuntime::governor, AgentThreads.shared());
    }

    RestClientAdapter(Supplier<CallGovernor> governor, ExecutorService executor) {
        this.failover = new FailoverRequestInterceptor(governor, executor);
    }

    @Override
    public void decorateBuilder(Object restClientBuilder) {
        ((RestClient.Builder) restClientBuilder).requestInterceptors(this::placeLastOnce);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void decorate(List<Object> interceptors) {
        placeLastOnce((List) interceptors);
    }

    /**
     * Last, so the app's own interceptors (auth headers, logging) see the request the app made, and
     * so that each replay through the rest of the execution reaches the request factory directly.
     */
    private void placeLastOnce(List<ClientHttpRequestInterceptor> interceptors) {
        if (!interceptors.isEmpty() && interceptors.get(interceptors.size() - 1) == failover) {
            return;
        }
        while (interceptors.remove(failover)) {
            // removes every copy
        }
        interceptors.add(failover);
    }

    /** The interceptor this adapter places; tests hand it to a client themselves. */
    ClientHttpRequestInterceptor interceptor() {
        return failover;
    }
}
