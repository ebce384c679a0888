package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.time.Scheduler;
import io.llmfailover.runtime.time.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code hedge.after}: a call's first attempt, running on a thread of the transport's, and past that
 * delay without content, the hedge sent beside it. Each is judged by the walk as it ends, the first
 * one first; the first final answer wins, and whichever is still running is cancelled, its
 * connection released, its permits given back and its span ended as {@link AttemptOutcome#HEDGE_LOST}.
 */
final class HedgeRace {

    /** What the race needs of the walk it is part of; called on the caller's thread only. */
    interface Walk {
        /** The chain's next step that can take the call, started beside the first; null when none can. */
        RacingAttempt hedge();

        /** The final answer from an attempt that ended, or null when the call moves on from it. */
        LlmResponse settle(RacingAttempt ended) throws IOException;

        /** An attempt the race stopped while it ran: its ending is published, as {@code outcome}. */
        void stopped(RacingAttempt attempt, AttemptOutcome outcome);
    }

    private final Walk walk;
    private final Scheduler scheduler;

    HedgeRace(Walk walk, Scheduler scheduler) {
        this.walk = walk;
        this.scheduler = scheduler;
    }

    /**
     * @return the winner's answer, or null when every attempt of the race moved on
     * @throws java.io.InterruptedIOException the app cancelled the call while it waited
     */
    LlmResponse run(RacingAttempt first, long hedgeAfterNanos) throws IOException {
        List<RacingAttempt> running = new ArrayList<>(List.of(first));
        RacingAttempt hedge = null;
        boolean won = false;
        try {
            Waiting.until(first.sending());
            Waiting.atMost(first.done(), hedgeAfterNanos, scheduler);
            if (!first.done().isDone()) {
                hedge = walk.hedge();
                if (hedge != null) {
                    running.add(hedge);
                }
            }
            while (!running.isEmpty()) {
                RacingAttempt ended = firstToEnd(running);
                running.remove(ended);
                LlmResponse answer = walk.settle(ended);
                if (answer != null) {
                    won = true;
                    return answer;
                }
            }
            return null;
        } finally {
            try {
                stop(running, won ? AttemptOutcome.HEDGE_LOST : AttemptOutcome.CANCELLED);
            } finally {
                if (hedge != null) {
                    hedge.started.leases().close(); // the first attempt's are closed by its step
                }
            }
        }
    }

    /** Stops every attempt still running, each told of its ending even when telling another failed. */
    private void stop(List<RacingAttempt> running, AttemptOutcome outcome) {
        RuntimeException first = null;
        for (RacingAttempt loser : running) {
            try {
                loser.cancel();
                walk.stopped(loser, outcome);
            } catch (RuntimeException failure) {
                first = first == null ? failure : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** The first of {@code running} to end; the earlier one when several have. */
    private static RacingAttempt firstToEnd(List<RacingAttempt> running) throws IOException {
        Waiting.until(CompletableFuture.anyOf(running.stream().map(RacingAttempt::done).toArray(CompletableFuture[]::new)));
        return running.stream().filter(attempt -> attempt.done().isDone()).findFirst().orElseThrow();
    }
}
