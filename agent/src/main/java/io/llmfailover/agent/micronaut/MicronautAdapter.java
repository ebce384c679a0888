package io.llmfailover.agent.micronaut;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.MicronautAsk;
import io.llmfailover.agent.bootstrap.MicronautHook;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.micronaut.core.execution.ExecutionFlow;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.exceptions.HttpClientException;
import io.micronaut.http.filter.FilterOrder;
import io.micronaut.http.filter.GenericHttpFilter;
import java.util.List;
import java.util.function.Supplier;

/**
 * The Micronaut adapter's entry point. The call lifecycle decides on the method and absolute URI,
 * on the thread that resolves the request's filters, before anything is sent: a governed call gets
 * the agent's filter, which Micronaut runs last, nearest the network, below the app's own filters.
 */
public final class MicronautAdapter implements MicronautHook {

    private final Supplier<CallGovernor> governor;

    public MicronautAdapter() {
        this(AgentRuntime::governor);
    }

    MicronautAdapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public void asked(Object request, MicronautAsk ask) {
        ((HttpRequest<?>) request).setAttribute(ASK_ATTRIBUTE, ask);
    }

    @Override
    public void filtersResolved(Object request, List<Object> filters) {
        HttpRequest<?> app = (HttpRequest<?>) request;
        Object ask = app.getAttribute(ASK_ATTRIBUTE).orElse(null);
        if (!(ask instanceof MicronautAsk asked) || !AppResponses.available()) {
            return;
        }
        app.removeAttribute(ASK_ATTRIBUTE, Object.class);
        MicronautCall call = new MicronautCall(asked, app);
        Governance governance = CallLifecycle.start(MicronautBinding.INSTANCE, call, governor);
        if (governance == null) {
            return;
        }
        call.governedBy(governance);
        // Micronaut runs a client's filters from the highest order down: the lowest runs last.
        filters.add(GenericHttpFilter.createLegacyFilter(new GovernedFilter(call), new FilterOrder.Fixed(Ordered.HIGHEST_PRECEDENCE)));
    }

    /** A rewritten attempt's redirect is not followed: its key would go along to wherever it points. */
    @Override
    public Object redirecting(Object parentRequest, Object redirect) {
        HttpRequest<?> parent = (HttpRequest<?>) parentRequest;
        if (!MicronautTransport.isFallbackAttempt(parent)) {
            MicronautTransport.redirected(parent, (HttpRequest<?>) redirect);
            return null;
        }
        return ExecutionFlow.error(new HttpClientException("llm-failover: a fallback's redirect is not followed"));
    }

    /** The runtime reads an attempt's event stream as the provider sent it; the app gets it split ({@link AppResponses}). */
    @Override
    public boolean splitsEvents(Object request) {
        return !MicronautTransport.isAttempt((HttpRequest<?>) request);
    }
}
