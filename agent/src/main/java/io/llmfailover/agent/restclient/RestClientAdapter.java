package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import java.util.function.Supplier;
import org.springframework.http.client.ClientHttpRequestFactory;

/** The RestClient / RestTemplate adapter's entry point: wraps each app's request factory, once. */
public final class RestClientAdapter implements ClientAdapter {

    private final Supplier<CallGovernor> governor;

    public RestClientAdapter() {
        this(AgentRuntime::governor);
    }

    RestClientAdapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    /** The one hook: a request factory a RestClient or RestTemplate is given, to be governed. */
    @Override
    public Object hook(String hook, Object springWeb, Object[] arguments) {
        Object requestFactory = arguments[0];
        return requestFactory == null ? null : governedRequestFactory(requestFactory);
    }

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
