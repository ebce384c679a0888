package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.impl.HttpClientBase;
import java.util.function.Supplier;

/**
 * The Vert.x adapter's entry point. The call lifecycle decides on the method and URI alone, on the
 * app's thread, before a connection is asked for: a governed call gets a request of the agent's
 * that holds what the app writes, and nothing reaches the network until the app ends it.
 */
public final class VertxAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;

    public VertxAdapter() {
        this(InstalledRunner::governor);
    }

    VertxAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /** The one hook, {@code request}: the app's {@code HttpClientImpl.request(RequestOptions)}. */
    @Override
    public Object hook(String hook, Object client, Object[] arguments) {
        Object governed = request(client, arguments[0]);
        return governed == null ? null : HookOutcome.returning(governed);
    }

    public Object request(Object client, Object options) {
        VertxCall call = VertxCall.of((HttpClientBase) client, (RequestOptions) options);
        Governance governance = CallLifecycle.start(VertxBinding.INSTANCE, call, governor);
        if (governance == null) {
            return null;
        }
        call.governedBy(governance);
        HttpClientRequest request = new VertxGovernedRequest(call);
        Promise<HttpClientRequest> ready = Promise.promise();
        call.context().runOnContext(v -> ready.complete(request)); // as the client's own: later, on the app's context
        return ready.future();
    }
}
