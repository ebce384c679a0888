package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.function.Supplier;
import org.springframework.http.client.ClientHttpRequestFactory;

/** The RestClient / RestTemplate adapter's entry point: wraps each app's request factory, once. */
public final class RestClientAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;

    public RestClientAdapter() {
        this(InstalledRunner::governor);
    }

    RestClientAdapter(Supplier<CallRunner> governor) {
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
