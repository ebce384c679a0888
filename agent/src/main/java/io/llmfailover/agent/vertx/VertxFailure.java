package io.llmfailover.agent.vertx;

import java.io.IOException;

/**
 * A failure of the app's client that is no {@link IOException} (Vert.x's own timeouts, a closed
 * client), carried through the runtime as one and unwrapped again before it reaches the app.
 */
final class VertxFailure extends IOException {

    private VertxFailure(Throwable cause) {
        super(cause.getClass().getName() + ": " + cause.getMessage(), cause);
    }

    static IOException of(Throwable cause) {
        return cause instanceof IOException io ? io : new VertxFailure(cause);
    }

    /** What the app's future fails with. */
    static Throwable unwrapped(Throwable failure) {
        return failure instanceof VertxFailure && failure.getCause() != null ? failure.getCause() : failure;
    }
}
