package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentExecutor;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.bootstrap.JdkHttpHook;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
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

    private final Supplier<CallRunner> governor;
    private final AgentExecutor calls;
    private final Executor bodyPump;

    public JdkHttpAdapter() {
        this(InstalledRunner::governor, AgentThreads.of("call"), AgentThreads.relays());
    }

    JdkHttpAdapter(Supplier<CallRunner> governor, AgentExecutor executor) {
        this(governor, executor, executor);
    }

    private JdkHttpAdapter(Supplier<CallRunner> governor, AgentExecutor calls, Executor bodyPump) {
        this.governor = governor;
        this.calls = calls;
        this.bodyPump = bodyPump;
    }

    @Override
    public HookOutcome send(Object client, Object request, Object bodyHandler) {
        HttpClient rewritten = clientForRewritten(client, request, bodyHandler);
        if (rewritten != null) {
            try {
                return HookOutcome.returning(rewritten.send((HttpRequest) request, (BodyHandler<?>) bodyHandler));
            } catch (IOException | InterruptedException e) {
                return HookOutcome.throwing(e);
            }
        }
        JdkGovernedCall<?> call = JdkGovernedCall.of(client, request, bodyHandler, bodyPump);
        Governance governance = call == null ? null : CallLifecycle.start(JdkHttpBinding.INSTANCE, call, governor);
        if (governance == null) {
            return null;
        }
        try {
            return HookOutcome.returning(call.send(governance));
        } catch (IOException | InterruptedException e) {
            return HookOutcome.throwing(e);
        }
    }

    /** Push promises are not offered to a governed call: LLM providers do not push. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public HookOutcome sendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        HttpClient rewritten = clientForRewritten(client, request, bodyHandler);
        if (rewritten != null) {
            return HookOutcome.returning(rewritten.sendAsync((HttpRequest) request, (BodyHandler) bodyHandler,
                    (PushPromiseHandler) pushPromiseHandler));
        }
        JdkGovernedCall<?> call = JdkGovernedCall.of(client, request, bodyHandler, bodyPump);
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
