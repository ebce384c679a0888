package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.Route;

/**
 * Whether one call's request fits a provider's context window ({@code provider.<name>.context-window}):
 * by its estimated tokens, input plus the output it asks for, before anything is sent; and once a
 * provider answered that the request overflowed its window, only a provider with a larger one. A
 * provider whose window is not configured always fits. One instance per call.
 */
final class ContextFit implements AttemptEvents.Listener {

    private final RecognizedCall call;
    private final Route route;
    private final WalkContext context;
    /** Whether any step of the route has a window: only then is a 400 read for an overflow; null until a 4xx asks. */
    private Boolean anyWindow;
    private long estimatedTokens = -1;
    /** The largest window the request was refused by; 0 while none refused it (or its window is unknown). */
    private int overflowedWindow;

    ContextFit(RecognizedCall call, Route route, WalkContext context) {
        this.call = call;
        this.route = route;
        this.context = context;
    }

    /**
     * Whether a 400 is worth reading for a context overflow: only where some step has a window.
     * Elsewhere the app's own caller error goes back to it untouched, unread.
     */
    boolean mayMoveOnFromOverflow() {
        if (anyWindow == null) {
            anyWindow = route.chain().stream().anyMatch(step -> context.limitsOf(step.provider()).contextWindow() > 0);
        }
        return anyWindow;
    }

    boolean fits(Provider provider) {
        int window = context.limitsOf(provider).contextWindow();
        if (window == 0) {
            return true;
        }
        if (window <= overflowedWindow) {
            return false;
        }
        return estimatedTokens() <= window;
    }

    /** An attempt the call moved on from for a context overflow: only larger windows are worth a try. */
    @Override
    public void attemptEnded(AttemptEnded event) {
        if (event.failsOver() && event.outcome() == AttemptOutcome.CONTEXT_OVERFLOW) {
            overflowed(event.provider());
        }
    }

    private void overflowed(Provider provider) {
        overflowedWindow = Math.max(overflowedWindow, context.limitsOf(provider).contextWindow());
    }

    private long estimatedTokens() {
        if (estimatedTokens < 0) {
            estimatedTokens = context.tokenEstimate(call, call.source().model()).total();
        }
        return estimatedTokens;
    }
}
