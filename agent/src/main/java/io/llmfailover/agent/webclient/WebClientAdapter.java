package io.llmfailover.agent.webclient;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.springframework.http.client.reactive.ClientHttpConnector;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** The WebClient adapter's entry point: wraps each app connector once. */
public final class WebClientAdapter implements ClientAdapter {

    private final Supplier<CallGovernor> governor;
    private final ExecutorService executor;
    private final Scheduler scheduler;

    public WebClientAdapter() {
        this(AgentRuntime::governor, AgentThreads.shared(), AgentThreads.relays());
    }

    WebClientAdapter(Supplier<CallGovernor> governor, ExecutorService executor) {
        this(governor, executor, executor);
    }

    /** @param relays where a relayed body is read: never waiting for a task slot */
    private WebClientAdapter(Supplier<CallGovernor> governor, ExecutorService executor, ExecutorService relays) {
        this.governor = governor;
        this.executor = executor;
        this.scheduler = Schedulers.fromExecutorService(relays, "llm-failover");
    }

    /** The one hook: the connector a new exchange function sends through, to be governed. */
    @Override
    public Object hook(String hook, Object exchangeFunctions, Object[] arguments) {
        Object connector = arguments[0];
        return connector == null ? null : governedConnector(connector);
    }

    public Object governedConnector(Object connector) {
        if (connector instanceof FailoverConnector) {
            return connector;
        }
        return new FailoverConnector((ClientHttpConnector) connector, governor, executor, scheduler);
    }
}
