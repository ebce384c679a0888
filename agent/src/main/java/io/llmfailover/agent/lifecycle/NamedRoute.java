package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.ForwardingCallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;

/**
 * A governed call's governor, with the route the app named in {@code x-llm-route}: the header was
 * taken off the app's request as the lifecycle first saw it, so that no path of the call sends it,
 * and is handed to the runtime here, on the neutral request, where it picks the route.
 */
final class NamedRoute extends ForwardingCallRunner {

    private final String route;

    NamedRoute(CallRunner governor, String route) {
        super(governor);
        this.route = route;
    }

    /** {@code request} with {@code x-llm-route: route}, unless it carries one already or {@code route} is null. */
    static LlmRequest carrying(LlmRequest request, String route) {
        if (route == null || request.headers().contains(RouteHeader.NAME)) {
            return request;
        }
        return request.withAddedHeaders(HttpHeaders.builder().add(RouteHeader.NAME, route).build());
    }

    @Override
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        return super.execute(carrying(request, route), transport);
    }
}
