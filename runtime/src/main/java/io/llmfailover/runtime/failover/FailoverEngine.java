package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.Transport;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.CallScope;
import java.io.IOException;

/** Runs each call's walk along its chain over the parts every walk shares. */
public final class FailoverEngine {

    private final WalkContext context;

    public FailoverEngine(WalkContext context) {
        this.context = context;
    }

    /** What every walk shares: the state, keys, quotas and the operator's views. */
    public WalkContext context() {
        return context;
    }

    /**
     * @throws IOException the transport exception of the addressed provider, when nothing answered;
     *     the app's own cancellation ({@link java.io.InterruptedIOException}); or, when the runtime
     *     failed after a request was sent and had no answer to give, {@link
     *     io.llmfailover.runtime.AgentFailureAfterSending}
     * @throws RuntimeException only for an internal failure before any attempt was handed to the transport
     */
    public Answer execute(GovernedCall call, Route route, Transport transport) throws IOException {
        return execute(call, route, transport, context.observer().callStarted(call, route));
    }

    /** A call that finishes {@code brokenProvider}'s broken stream along the rest of the chain ({@code stream.resume}). */
    Answer resume(GovernedCall continuing, Route rest, Transport transport, String brokenProvider) throws IOException {
        CallScope scope = context.observer().callStarted(continuing, rest);
        scope.resumes(brokenProvider);
        return execute(continuing, rest, transport, scope);
    }

    private Answer execute(GovernedCall call, Route route, Transport transport, CallScope scope) throws IOException {
        try {
            return new ChainWalk(call, route, transport, scope, context, this::resume).run();
        } catch (IOException | RuntimeException | Error failure) {
            scope.failed(failure);
            throw failure;
        }
    }
}
