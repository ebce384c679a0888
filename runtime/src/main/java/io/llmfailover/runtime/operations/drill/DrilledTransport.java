package io.llmfailover.runtime.operations.drill;

import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.time.Scheduler;
import io.llmfailover.runtime.time.Waiting;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;

/**
 * One attempt with a drill's fault in it. A status, a refused connection and a hang send nothing;
 * latency waits, then sends; a reset sends and breaks the answer once its first event is through.
 * Waits are on the runtime's clock and end early when the app cancels the call.
 */
final class DrilledTransport implements Transport {

    /** Marks a response the drill made, so that nobody mistakes it for the provider's. */
    static final String DRILL_HEADER = "x-llm-failover-drill";

    private final DrillFault fault;
    private final Provider provider;
    private final Transport transport;
    private final Scheduler scheduler;

    DrilledTransport(DrillFault fault, Provider provider, Transport transport, Scheduler scheduler) {
        this.fault = fault;
        this.provider = provider;
        this.transport = transport;
        this.scheduler = scheduler;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        return switch (fault.kind()) {
            case STATUS -> errorStatus();
            case CONNECT -> throw new ConnectException(message("connection refused"));
            case HANG -> throw waitedOut(headDeadline(attempt));
            case LATENCY -> delayed(attempt);
            case RESET_MID_STREAM -> BreakingResponse.around(transport.send(attempt), message("connection reset"));
        };
    }

    private LlmResponse errorStatus() {
        HttpHeaders headers = HttpHeaders.builder()
                .set("content-type", "application/json")
                .set(DRILL_HEADER, fault.label())
                .build();
        return new BufferedResponse(fault.status(), headers,
                ErrorBodies.of(provider.protocol(), fault.status(), message("injected " + fault.label())));
    }

    private LlmResponse delayed(AttemptRequest attempt) throws IOException {
        Duration deadline = headDeadline(attempt);
        if (fault.latency().compareTo(deadline) >= 0) {
            throw waitedOut(deadline);
        }
        Waiting.pause(fault.latency().toNanos(), scheduler);
        return transport.send(attempt);
    }

    /** Waits out the attempt's head deadline, as for a provider that sends nothing, and says so. */
    private HeadDeadlineException waitedOut(Duration deadline) throws IOException {
        Waiting.pause(deadline.toNanos(), scheduler);
        return new HeadDeadlineException(deadline);
    }

    private static Duration headDeadline(AttemptRequest attempt) {
        return attempt.headDeadline() != null ? attempt.headDeadline() : FailoverConfig.DEFAULT_HEAD_TIMEOUT;
    }

    private String message(String what) {
        return "llm-failover drill: " + what + " (drill." + provider.name() + ".fault)";
    }
}
