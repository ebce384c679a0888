package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
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
public final class MicronautAdapter implements ClientAdapter {

    /**
     * The request attribute that carries what the app asked for from the client method to the filter
     * resolver, as {@code Object[] {client, streamed, bodyType}}: a JDK type, since the two ends may
     * be served by two copies of the adapter (one per hooked class).
     */
    static final String ASK_ATTRIBUTE = "io.llmfailover.micronaut.ask";

    private final Supplier<CallRunner> governor;

    public MicronautAdapter() {
        this(InstalledRunner::governor);
    }

    MicronautAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /**
     * {@code asked} (the client method the app called: {@code request, streamed, bodyType}),
     * {@code filtersResolved} ({@code request, filters}), {@code redirecting} ({@code parentRequest,
     * redirect}) and {@code splitsEvents} ({@code request}, the receiver a class of the client's).
     */
    @Override
    @SuppressWarnings("unchecked")
    public Object hook(String hook, Object receiver, Object[] arguments) {
        Object request = arguments[0];
        switch (hook) {
            case "asked" -> {
                if (request != null) {
                    asked(request, new MicronautAsk(receiver, Boolean.TRUE.equals(arguments[1]), arguments[2]));
                }
                return null;
            }
            case "filtersResolved" -> {
                if (request != null && arguments[1] instanceof List<?> filters) {
                    filtersResolved(request, (List<Object>) filters);
                }
                return null;
            }
            case "redirecting" -> {
                Object refused = request == null || arguments[1] == null ? null : redirecting(request, arguments[1]);
                return refused == null ? null : HookOutcome.returning(refused);
            }
            default -> {
                return request == null || splitsEvents(request);
            }
        }
    }

    /** At the client method the app called: marks {@code request} with what the app expects back. */
    void asked(Object request, MicronautAsk ask) {
        ((HttpRequest<?>) request).setAttribute(ASK_ATTRIBUTE, ask.carried());
    }

    /** The client resolved the filters of {@code request}: a governed call's get the agent's own, run last. */
    void filtersResolved(Object request, List<Object> filters) {
        HttpRequest<?> app = (HttpRequest<?>) request;
        Object ask = app.getAttribute(ASK_ATTRIBUTE).orElse(null);
        if (!(ask instanceof Object[] asked) || !AppResponses.available()) {
            return;
        }
        app.removeAttribute(ASK_ATTRIBUTE, Object.class);
        MicronautCall call = new MicronautCall(MicronautAsk.of(asked), app);
        Governance governance = CallLifecycle.start(MicronautBinding.INSTANCE, call, governor);
        if (governance == null) {
            return;
        }
        call.governedBy(governance);
        // Micronaut runs a client's filters from the highest order down: the lowest runs last.
        filters.add(GenericHttpFilter.createLegacyFilter(new GovernedFilter(call), new FilterOrder.Fixed(Ordered.HIGHEST_PRECEDENCE)));
    }

    /** A rewritten attempt's redirect is not followed: its key would go along to wherever it points. */
    Object redirecting(Object parentRequest, Object redirect) {
        HttpRequest<?> parent = (HttpRequest<?>) parentRequest;
        if (!MicronautTransport.isFallbackAttempt(parent)) {
            MicronautTransport.redirected(parent, (HttpRequest<?>) redirect);
            return null;
        }
        return ExecutionFlow.error(new HttpClientException("llm-failover: a fallback's redirect is not followed"));
    }

    /** The runtime reads an attempt's event stream as the provider sent it; the app gets it split ({@link AppResponses}). */
    boolean splitsEvents(Object request) {
        return !MicronautTransport.isAttempt((HttpRequest<?>) request);
    }
}
