package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;

/** The Reactor Netty adapter's entry point: decides, as a terminal operation is assembled, whether the call is governed. */
public final class ReactorNettyAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;
    private final ExecutorService executor;
    private final Scheduler readers;

    public ReactorNettyAdapter() {
        this(InstalledRunner::governor, AgentThreads.shared(), AgentThreads.relays());
    }

    ReactorNettyAdapter(Supplier<CallRunner> governor, ExecutorService executor) {
        this(governor, executor, executor);
    }

    /** @param relays where a relayed body is read: never waiting for a task slot */
    private ReactorNettyAdapter(Supplier<CallRunner> governor, ExecutorService executor, ExecutorService relays) {
        this.governor = governor;
        this.executor = executor;
        this.readers = Schedulers.fromExecutorService(relays, "llm-failover");
    }

    /**
     * A terminal operation of {@code HttpClient.ResponseReceiver}, named by the hook, returned
     * {@code arguments[0]}, given the arguments {@code arguments[1]}: the publisher the app gets instead.
     */
    @Override
    public Object hook(String operation, Object receiver, Object[] arguments) {
        Object returned = arguments[0];
        Object[] given = (Object[]) arguments[1];
        return returned == null ? null : governed(receiver, operation, given.length == 0 ? null : given[0], returned);
    }

    public Object governed(Object receiver, String operation, Object function, Object ungoverned) {
        ReceiverOperation terminal = ReceiverOperation.of(operation, function != null);
        if (terminal == null) {
            return ungoverned;
        }
        HttpClient client = (HttpClient) receiver;
        if (AttemptGuard.sendingRewritten()) {
            return RedirectsOff.reassembled(client, terminal, function, ungoverned);
        }
        if (AttemptGuard.active()) {
            return ungoverned;
        }
        AppRequest app;
        try {
            app = AppRequest.of(client);
        } catch (IllegalAccessException unreadable) {
            throw new IllegalStateException("Reactor Netty's configuration cannot be read", unreadable);
        }
        if (app == null) {
            return ungoverned;
        }
        ReactorNettyCall call = new ReactorNettyCall(client, app, executor, readers);
        Governance governance = CallLifecycle.start(ReactorNettyBinding.INSTANCE, call, governor);
        if (governance == null) {
            return ungoverned;
        }
        // what a call that goes out as the app made it subscribes to: the app's exchange, less the agent's headers
        return GovernedReceive.of(terminal, call, governance, function,
                () -> WithoutAgentHeaders.of(client, app, terminal, function));
    }
}
