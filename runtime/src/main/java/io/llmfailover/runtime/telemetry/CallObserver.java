package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.route.Route;

/**
 * Watches governed calls for telemetry. The gateway tells it about every call, every attempt and
 * every skipped provider; an implementation must be cheap and must never throw.
 */
public interface CallObserver {

    CallScope callStarted(RecognizedCall call, Route route);

    CallObserver NOOP = (call, route) -> CallScope.NOOP;

    /** This observer and {@code next}, told the same things; the answer this one returns goes on to {@code next}. */
    default CallObserver andThen(CallObserver next) {
        if (next == NOOP) {
            return this;
        }
        return this == NOOP ? next : new BothObservers(this, next);
    }
}
