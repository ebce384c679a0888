package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.io.IOException;
import java.net.URI;
import java.util.function.Supplier;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;

/**
 * The app's request factory as every RestClient and RestTemplate gets it: decides from the method
 * and URI alone whether a call is governed. One that is not gets the app's factory's own request,
 * its body streamed exactly as without the agent; a governed one gets a {@link RestClientGovernedRequest},
 * whose attempts are each a request of the app's factory.
 */
final class FailoverRequestFactory implements ClientHttpRequestFactory {

    private final ClientHttpRequestFactory appFactory;
    private final Supplier<CallRunner> governors;

    FailoverRequestFactory(ClientHttpRequestFactory appFactory, Supplier<CallRunner> governors) {
        this.appFactory = appFactory;
        this.governors = governors;
    }

    @Override
    public ClientHttpRequest createRequest(URI uri, HttpMethod method) throws IOException {
        RestClientGovernedRequest call = new RestClientGovernedRequest(appFactory, uri, method);
        Governance governance = CallLifecycle.start(RestClientBinding.INSTANCE, call, governors);
        if (governance == null) {
            return appFactory.createRequest(uri, method);
        }
        return call.governedBy(governance);
    }

    /** The factory the app configured. */
    ClientHttpRequestFactory appFactory() {
        return appFactory;
    }
}
