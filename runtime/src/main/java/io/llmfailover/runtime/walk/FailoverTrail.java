package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.CallScope;
import java.io.IOException;

/**
 * One call's failover lines: the provider it last failed over from, and why, kept until the next
 * attempt names where the call went, or the walk ends with nowhere left; and each fallback's own
 * failure, as it happens. Nothing is said as a failover of a call the app cancelled.
 */
final class FailoverTrail implements AttemptEvents.Listener {

    private final FailoverLog log;
    private final CallScope call;
    private Provider from;
    private AttemptOutcome why;
    private boolean cancelled;

    FailoverTrail(FailoverLog log, CallScope call) {
        this.log = log;
        this.call = call;
    }

    @Override
    public void attemptEnded(AttemptEnded event) {
        if (event.isFallbackFault()) {
            log.fallbackFault(event.provider().name(), event.attempt().attempt().lease().keyId(), event.status(),
                    event.outcome(), call);
        }
        if (event.failsOver()) {
            from = event.provider();
            why = event.outcome();
        } else if (event.outcome() == AttemptOutcome.CANCELLED && event.error() != null) {
            cancelled = true; // the call stops at the app's cancellation (a hedge the race stopped carries no error)
        }
    }

    /** Between attempts: an app that gave up gets no attempt sent to a fallback on its behalf, and no failover line. */
    void stopIfCancelled() throws IOException {
        try {
            Cancellation.check();
        } catch (IOException cancellation) {
            cancelled = true;
            throw cancellation;
        }
    }

    /** The call starts over, or stops at an answer it has: what it failed over from is no longer news. */
    void forget() {
        from = null;
    }

    /** Logged as the next attempt starts, so the line names where the call went. */
    void movedOn(Provider to) {
        if (from != null) {
            log.movedOn(from.name(), to.name(), why.token(), call);
            from = null;
        }
    }

    /** The walk ended; a call that failed over and found nothing left says so. */
    void ended() {
        if (from != null && !cancelled && !Thread.currentThread().isInterrupted()) {
            log.nothingLeft(from.name(), why.token(), call);
        }
    }
}
