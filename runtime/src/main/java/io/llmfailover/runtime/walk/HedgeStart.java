package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The walk's side of a {@link HedgeRace}: starts the hedge from the chain's next step its gate
 * passes, settles each attempt of the race as it ends, and publishes the ending of each it stopped.
 */
final class HedgeStart implements HedgeRace.Walk {

    private final AttemptRunner runner;
    private final AttemptSettler settler;
    private final AttemptEvents events;
    private final FailoverTrail trail;
    private final Executor threads;
    /** The chain's next step its gate passes, taken from the walk's; null when none is left. */
    private final Supplier<StepGate.Pass> nextPass;

    HedgeStart(AttemptRunner runner, AttemptSettler settler, AttemptEvents events, FailoverTrail trail, Executor threads,
            Supplier<StepGate.Pass> nextPass) {
        this.runner = runner;
        this.settler = settler;
        this.events = events;
        this.trail = trail;
        this.threads = threads;
        this.nextPass = nextPass;
    }

    @Override
    public RacingAttempt hedge() {
        StepGate.Pass pass = nextPass.get();
        if (pass == null) {
            return null;
        }
        RacingAttempt hedge;
        try {
            hedge = new RacingAttempt(runner.start(pass, true));
        } catch (RuntimeException internal) {
            pass.leases().close();
            OnceLogger.internalFailure("planning a hedge", internal);
            return null;
        }
        if (!runner.startRacing(hedge, threads)) {
            try {
                events.publish(AttemptEnded.unsent(hedge.started));
            } finally {
                pass.leases().close();
            }
            return null;
        }
        return hedge;
    }

    @Override
    public LlmResponse settle(RacingAttempt ended) throws IOException {
        trail.movedOn(ended.started.provider());
        return settler.settle(ended.started, ended.done().join());
    }

    @Override
    public void stopped(RacingAttempt attempt, AttemptOutcome outcome) {
        events.publish(AttemptEnded.stopped(attempt.started, outcome));
    }
}
