package io.llmfailover.agent.testing;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** A governor scripted by the test, standing in for the runtime's gateway. */
public final class FakeGovernor implements CallRunner {

    /** What the script sees of the adapter's transport: the app's own request goes out as the original. */
    public interface Sender {
        LlmResponse send(LlmRequest request, Duration headDeadline) throws IOException;
    }

    @FunctionalInterface
    public interface Execution {
        LlmResponse execute(LlmRequest request, Sender transport) throws IOException;
    }

    private final Predicate<URI> governs;
    private final Execution execution;
    private final List<LlmRequest> executed = new CopyOnWriteArrayList<>();
    private long bufferLimit = 32L << 20;
    private boolean providerHost;
    private boolean streamed = true;

    public FakeGovernor(Predicate<URI> governs, Execution execution) {
        this.governs = governs;
        this.execution = execution;
    }

    /** Governs everything and sends the app's request once, as the skeleton gateway does. */
    public static FakeGovernor passThrough(Duration firstContentDeadline) {
        return new FakeGovernor(uri -> true, (request, transport) -> transport.send(request, firstContentDeadline));
    }

    /**
     * Governs everything and sends the app's own request twice, as a queued call told 429 does once
     * the provider's Retry-After passed: the first answer is closed, the second is the app's.
     */
    public static FakeGovernor sendingTheAppsRequestAgain(Duration headDeadline) {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, headDeadline).close();
            return transport.send(request, headDeadline);
        });
    }

    /** As {@link #passThrough}, telling {@code failures} of the send's failure before it is thrown on. */
    public static FakeGovernor passThroughTelling(Duration headDeadline, Consumer<IOException> failures) {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, headDeadline);
            } catch (IOException e) {
                failures.accept(e);
                throw e;
            }
        });
    }

    /** Governs everything, and fails the test if a call reaches it: for calls that must pass through. */
    public static FakeGovernor neverReached() {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a call that passes through reached the runtime");
        });
    }

    /**
     * Sends the app's request; when it fails, records the failure's type in {@code runtimeSaw} and,
     * unless the app gave up ({@link CallAbandonedException}), fails over to {@code toFallback}.
     */
    public static FakeGovernor failingOverUnlessAbandoned(List<Class<?>> runtimeSaw, Duration headDeadline,
            UnaryOperator<LlmRequest> toFallback, Duration fallbackHeadTimeout) {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, headDeadline);
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                if (e instanceof CallAbandonedException) {
                    throw e;
                }
                return transport.send(toFallback.apply(request), fallbackHeadTimeout);
            }
        });
    }

    /**
     * As {@link #failingOverUnlessAbandoned}, reading the whole body before answering, as the
     * runtime reads a stream up to its first content: a read's failure counts as the send's.
     */
    public static FakeGovernor readingBodyAndFailingOverUnlessAbandoned(List<Class<?>> runtimeSaw, Duration headDeadline,
            UnaryOperator<LlmRequest> toFallback) {
        return new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                LlmResponse response = transport.send(request, headDeadline);
                return new BufferedResponse(response.status(), response.headers(), response.body().readAllBytes());
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                if (e instanceof CallAbandonedException) {
                    throw e;
                }
                return transport.send(toFallback.apply(request), headDeadline);
            }
        });
    }

    public static FakeGovernor governingNothing() {
        return new FakeGovernor(uri -> false, (request, transport) -> {
            throw new AssertionError("a call that is not governed reached the runtime");
        });
    }

    /** Governs nothing, and says every call goes to a provider's host: the agent's own headers must be taken off. */
    public static FakeGovernor governingNothingAtAProvidersHost() {
        FakeGovernor governor = governingNothing();
        governor.providerHost = true;
        return governor;
    }

    /** Attempts said not to stream, as the runtime says of a call that did not ask for a stream. */
    public FakeGovernor unstreamed() {
        streamed = false;
        return this;
    }

    public FakeGovernor withBufferLimit(long bytes) {
        this.bufferLimit = bytes;
        return this;
    }

    @Override
    public boolean governs(String method, URI uri) {
        return governs.test(uri);
    }

    @Override
    public boolean reachesProvider(URI uri) {
        return providerHost;
    }

    @Override
    public long bufferLimit() {
        return bufferLimit;
    }

    @Override
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        executed.add(request);
        LlmResponse[] own = new LlmResponse[1];
        LlmResponse answer = execution.execute(request, (attempt, headDeadline) -> {
            HttpHeaders added = headersAddedTo(attempt, request);
            boolean original = added != null;
            LlmResponse response = transport.send(new AttemptRequest(attempt, original,
                    original ? added : HttpHeaders.EMPTY, headDeadline, streamed));
            if (original) {
                own[0] = response;
            }
            return response;
        });
        if (answer instanceof Answer scripted) {
            return scripted;
        }
        return answer == own[0] && answer != null ? Answer.own(answer, answer) : Answer.made(answer);
    }

    /** The headers the script added to the app's request, or null when it changed anything else. */
    private static HttpHeaders headersAddedTo(LlmRequest attempt, LlmRequest app) {
        if (attempt.body() != app.body() || !attempt.method().equals(app.method()) || !attempt.uri().equals(app.uri())) {
            return null;
        }
        for (String name : app.headers().asMap().keySet()) {
            if (!attempt.headers().all(name).equals(app.headers().all(name))) {
                return null;
            }
        }
        HttpHeaders.Builder added = HttpHeaders.builder();
        attempt.headers().forEach((name, value) -> {
            if (!app.headers().contains(name)) {
                added.add(name, value);
            }
        });
        return added.build();
    }

    public List<LlmRequest> executed() {
        return List.copyOf(executed);
    }
}
