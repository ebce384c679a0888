package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentExecutor;
import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.JdkHttpHook;
import io.llmfailover.agent.bootstrap.Outcome;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import java.io.IOException;
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
        GovernedCall<?> call = GovernedCall.of(client, request, bodyHandler, bodyPump);
        CallGovernor governing = call == null ? null : CallLifecycle.governorFor(JdkHttpBinding.INSTANCE, call, governor);
        if (governing == null) {
            return null;
        }
        try {
            return Outcome.returning(call.send(governing));
        } catch (IOException | InterruptedException e) {
            return Outcome.throwing(e);
        }
    }

    /** Push promises are not offered to a governed call: LLM providers do not push. */
    @Override
    public Outcome sendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        GovernedCall<?> call = GovernedCall.of(client, request, bodyHandler, bodyPump);
        CallGovernor governing = call == null ? null : CallLifecycle.governorFor(JdkHttpBinding.INSTANCE, call, governor);
        return governing == null ? null : call.sendAsync(governing, calls);
    }
}
