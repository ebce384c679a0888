package io.llmfailover.agent.testing;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/** A governor scripted by the test, standing in for the runtime's gateway. */
public final class FakeGovernor implements CallGovernor {

    @FunctionalInterface
    public interface Execution {
        LlmResponse execute(LlmRequest request, Transport transport) throws IOException;
    }

    private final Predicate<URI> governs;
    private final Execution execution;
    private final List<LlmRequest> executed = new CopyOnWriteArrayList<>();

    public FakeGovernor(Predicate<URI> governs, Execution execution) {
        this.governs = governs;
        this.execution = execution;
    }

    /** Governs everything and sends the app's request once, as the skeleton gateway does. */
    public static FakeGovernor passThrough(Duration firstByteTimeout) {
        return new FakeGovernor(uri -> true, (request, transport) -> transport.send(request, firstByteTimeout));
    }

    public static FakeGovernor governingNothing() {
        return new FakeGovernor(uri -> false, (request, transport) -> {
            throw new AssertionError("a call that is not governed reached the runtime");
        });
    }

    @Override
    public boolean governs(URI uri) {
        return governs.test(uri);
    }

    @Override
    public LlmResponse execute(LlmRequest request, Transport transport) throws IOException {
        executed.add(request);
        return execution.execute(request, transport);
    }

    public List<LlmRequest> executed() {
        return List.copyOf(executed);
    }
}
