package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RequestWritten;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Starts a call's attempts, the walk's own and its hedges alike: numbers each, opens its span, makes
 * the request as it goes out (with trace context, its head's wait cut to {@code failover.deadline}),
 * puts a drill's fault in front of the transport when one is drawn, and runs its {@link Exchange},
 * on the caller's thread or on one of the transport's.
 */
final class AttemptRunner {

    private final RecognizedCall call;
    private final Transport transport;
    private final CallScope scope;
    private final WalkContext context;
    private final AttemptEvents events;
    /** When the walk began, for {@code failover.deadline}. */
    private final long walkStartedNanos;
    private int started;
    /** Attempts handed to the transport: from the first on, nothing may fail open. */
    private int handedOver;

    AttemptRunner(RecognizedCall call, Transport transport, CallScope scope, WalkContext context, AttemptEvents events,
            long walkStartedNanos) {
        this.call = call;
        this.transport = transport;
        this.scope = scope;
        this.context = context;
        this.events = events;
        this.walkStartedNanos = walkStartedNanos;
    }

    /** Attempts started so far. */
    int started() {
        return started;
    }

    /** Attempts handed to the transport so far. */
    int handedOver() {
        return handedOver;
    }

    /**
     * The attempt ready to be handed to the transport. A failure of the agent's own ends its span
     * (published as the attempt's ending) and is thrown; its permits stay with the caller.
     */
    StartedAttempt start(StepGate.Pass pass, boolean hedge) {
        Attempt attempt = pass.attempt();
        AttemptScope span = scope.attemptStarted(++started, attempt.provider(), attempt.target(),
                !attempt.bridge().passesBodiesThrough(), attempt.lease().keyId(), pass.leases().breakerState());
        if (hedge) {
            span.hedged();
        }
        AttemptRequest outgoing;
        try {
            span.translationDropped(attempt.target().dropped());
            outgoing = outgoing(attempt, span);
        } catch (RuntimeException internal) {
            events.publishFailed(AttemptEnded.internalFailure(new StartedAttempt(attempt, pass.leases(), span, null, null,
                    0), 0, internal), internal);
            throw internal;
        }
        long startedNanos = context.clock().nanoTime();
        return new StartedAttempt(attempt, pass.leases(), span, outgoing, drilled(attempt, pass.leases(), span), startedNanos);
    }

    /** Runs the attempt on the caller's thread, the only one of its call. */
    Exchange runAlone(StartedAttempt attempt) {
        handedOver++;
        return exchange(attempt, attempt.outgoing(), head -> {});
    }

    /** Runs the attempt on one of {@code threads}; false when none was free and nothing was sent. */
    boolean startRacing(RacingAttempt racing, Executor threads) {
        StartedAttempt attempt = racing.started;
        if (!racing.start(threads, onHead -> exchange(attempt, attempt.outgoing(), onHead))) {
            return false;
        }
        handedOver++;
        return true;
    }

    /** The attempt's I/O: safe on any thread, since it reads only what does not change during the walk. */
    private Exchange exchange(StartedAttempt attempt, AttemptRequest outgoing, Consumer<LlmResponse> onHead) {
        return Exchange.run(attempt.sending(), outgoing, attempt.provider().protocol(), () -> context.budget().capNanos(
                context.firstContentDeadline().toNanos(), context.clock().nanoTime() - walkStartedNanos)
                - (context.clock().nanoTime() - outgoing.written().deadlineStart(attempt.startedNanos())),
                context.scheduler(), onHead);
    }

    /** The app's transport, or, for an attempt a drill takes over, the drill's fault in front of it. */
    private Transport drilled(Attempt attempt, AttemptLeases leases, AttemptScope span) {
        DrillFault fault = context.drills().draw(attempt.provider());
        if (fault == null) {
            return transport;
        }
        leases.drilled();
        span.drilled(fault.label());
        return context.drills().inject(fault, attempt.provider(), transport);
    }

    /** The attempt as the transport sends it: with trace context, and said to be the app's own when it is. */
    private AttemptRequest outgoing(Attempt attempt, AttemptScope span) {
        HttpHeaders trace = span.traceHeaders(attempt.request());
        boolean stream = call.source().stream();
        return new AttemptRequest(attempt.request().withAddedHeaders(trace), attempt.untouched(),
                attempt.untouched() ? trace : HttpHeaders.EMPTY, headDeadline(stream), stream,
                new RequestWritten(context.clock()));
    }

    /** The wait for this attempt's head: the configured one, cut to what {@code failover.deadline} leaves. */
    private Duration headDeadline(boolean stream) {
        Duration configured = context.headDeadline(stream);
        return Duration.ofNanos(context.budget().capNanos(configured.toNanos(),
                context.clock().nanoTime() - walkStartedNanos));
    }
}
