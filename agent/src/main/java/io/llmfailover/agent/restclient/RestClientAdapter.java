package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.RestClientHook;
import java.util.function.Supplier;
import org.springframework.http.client.ClientHttpRequestFactory;

/** The RestClient / RestTemplate adapter's entry point: wraps each app's request factory, once. */
public final class RestClientAdapter implements RestClientHook {

    private final Supplier<CallGovernor> governor;

    public RestClientAdapter() {
        this(AgentRuntime::governor);
    }

    RestClientAdapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public Object governedRequestFactory(Object requestFactory) {
        return wrapOnce((ClientHttpRequestFactory) requestFactory);
    }

    /** The app's factory, wrapped unless it already is (a RestClient made from a RestTemplate, a factory set twice). */
    ClientHttpRequestFactory wrapOnce(ClientHttpRequestFactory appFactory) {
        if (appFactory == null || appFactory instanceof FailoverRequestFactory) {
            return appFactory;
        }
        return new FailoverRequestFactory(appFactory, governor);
    }
}
