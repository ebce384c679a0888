package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * The app gave up on the call: it cancelled it (an interrupt, OkHttp's {@code cancel()}, an async
 * future cancelled), or its own deadline, shorter than the agent's, expired. A transport throws it
 * so that the runtime stops at once, tries no fallback and records nothing against the provider;
 * the app then sees {@link #appFailure()}, the exception its client raised, as it would without
 * the agent.
 */
public final class CallAbandonedException extends InterruptedIOException {

    private final IOException appFailure;

    public CallAbandonedException(IOException appFailure) {
        super("the app gave up on the call: " + appFailure.getMessage());
        this.appFailure = appFailure;
        initCause(appFailure);
    }

    /** The client's own exception, for the app. */
    public IOException appFailure() {
        return appFailure;
    }
}
