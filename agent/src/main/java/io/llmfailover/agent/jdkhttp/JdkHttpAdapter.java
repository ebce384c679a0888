package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentExecutor;
import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.JdkHttpHook;
import io.llmfailover.agent.bootstrap.Outcome;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The {@code java.net.http} adapter's entry point. {@code send} runs the governed call on the
 * caller's thread, as the client itself would; {@code sendAsync} returns at once and runs it on an
 * agent thread. A call that is not governed returns null: the client's own method runs.
 */
public final class JdkHttpAdapter implements JdkHttpHook {

    private final Supplier<CallGovernor> governor;
    private final AgentExecutor calls;
    private final Executor bodyPump;

    public JdkHttpAdapter() {
        this(AgentRuntime::governor, AgentThreads.of("call"), AgentThreads.relays());
    }

    JdkHttpAdapter(Supplier<CallGovernor> governor, AgentExecutor executor) {
        this(governor, executor, executor);
    }

    private JdkHttpAdapter(Supplier<CallGovernor> governor, AgentExecutor calls, Executor bodyPump) {
        this.governor = governor;
        this.calls = calls;
        this.bodyPump = bodyPump;
    }

    @Override
    public Outcome send(Object client, Object request, Object bodyHandler) {
        HttpClient rewritten = clientForRewritten(client, request, bodyHandler);
        if (rewritten != null) {
            try {
                return Outcome.returning(rewritten.send((HttpRequest) request, (BodyHandler<?>) bodyHandler));
            } catch (IOException | InterruptedException e) {
                return Outcome.throwing(e);
            }
        }
        GovernedCall<?> call = GovernedCall.of(client, request, bodyHandler, bodyPump);
        Governance governance = call == null ? null : CallLifecycle.start(JdkHttpBinding.INSTANCE, call, governor);
        if (governance == null) {
            return null;
        }
        try {
            return Outcome.returning(call.send(governance));
        } catch (IOException | InterruptedException e) {
            return Outcome.throwing(e);
        }
    }

    /** Push promises are not offered to a governed call: LLM providers do not push. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Outcome sendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        HttpClient rewritten = clientForRewritten(client, request, bodyHandler);
        if (rewritten != null) {
            return Outcome.returning(rewritten.sendAsync((HttpRequest) request, (BodyHandler) bodyHandler,
                    (PushPromiseHandler) pushPromiseHandler));
        }
        GovernedCall<?> call = GovernedCall.of(client, request, bodyHandler, bodyPump);
        Governance governance = call == null ? null : CallLifecycle.start(JdkHttpBinding.INSTANCE, call, governor);
        return governance == null ? null : call.sendAsync(governance, calls);
    }

    /**
     * For a request another adapter hands this client as an attempt the runtime rewrote (Spring's
     * RestClient or WebClient on the JDK client), the client to send it through instead of the
     * app's, one that never follows a redirect; null when the app's own does not either, when
     * the request is no such attempt, or when an argument is null (the client itself reports that).
     */
    private static HttpClient clientForRewritten(Object client, Object request, Object bodyHandler) {
        if (!AttemptGuard.sendingRewritten() || request == null || bodyHandler == null) {
            return null;
        }
        HttpClient app = (HttpClient) client;
        HttpClient never = NeverRedirectingClients.forRewritten(app);
        return never == app ? null : never;
    }
}
