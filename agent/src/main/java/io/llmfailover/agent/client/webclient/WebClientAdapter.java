package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.springframework.http.client.reactive.ClientHttpConnector;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** The WebClient adapter's entry point: wraps each app connector once. */
public final class WebClientAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;
    private final ExecutorService executor;
    private final Scheduler scheduler;

    public WebClientAdapter() {
        this(InstalledRunner::governor, AgentThreads.shared(), AgentThreads.relays());
    }

    WebClientAdapter(Supplier<CallRunner> governor, ExecutorService executor) {
        this(governor, executor, executor);
    }

    /** @param relays where a relayed body is read: never waiting for a task slot */
    private WebClientAdapter(Supplier<CallRunner> governor, ExecutorService executor, ExecutorService relays) {
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
