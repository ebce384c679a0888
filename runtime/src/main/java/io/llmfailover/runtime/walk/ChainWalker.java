package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.CallScope;
import java.io.IOException;

/** Runs each call's walk along its chain over the parts every walk shares. */
public final class ChainWalker {

    private final WalkContext context;

    public ChainWalker(WalkContext context) {
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
     *     io.llmfailover.runtime.contract.AgentFailureAfterSending}
     * @throws RuntimeException only for an internal failure before any attempt was handed to the transport
     */
    public Answer execute(RecognizedCall call, Route route, Transport transport) throws IOException {
        return execute(call, route, transport, context.observer().callStarted(call, route));
    }

    /** A call that finishes {@code brokenProvider}'s broken stream along the rest of the chain ({@code stream.resume}). */
    Answer resume(RecognizedCall continuing, Route rest, Transport transport, String brokenProvider) throws IOException {
        CallScope scope = context.observer().callStarted(continuing, rest);
        scope.resumes(brokenProvider);
        return execute(continuing, rest, transport, scope);
    }

    private Answer execute(RecognizedCall call, Route route, Transport transport, CallScope scope) throws IOException {
        try {
            return new ChainWalk(call, route, transport, scope, context, this::resume).run();
        } catch (IOException | RuntimeException | Error failure) {
            scope.failed(failure);
            throw failure;
        }
    }
}
