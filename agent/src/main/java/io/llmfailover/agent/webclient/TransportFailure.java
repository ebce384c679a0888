package io.llmfailover.agent.webclient;

import java.io.IOException;

/**
 * A connector failure that is not an {@link IOException} (Netty's read timeout, a Reactor error),
 * carried through the runtime as one so that it counts as "no head", and unwrapped again before it
 * reaches the app, which then sees what its connector would have raised.
 */
final class TransportFailure extends IOException {

    private TransportFailure(Throwable cause) {
        super(cause.getClass().getName(), cause);
    }

    static IOException of(Throwable cause) {
        return cause instanceof IOException io ? io : new TransportFailure(cause);
    }

    /** What the app sees for a failure the runtime rethrew. */
    static Throwable unwrapped(Throwable failure) {
        return failure instanceof TransportFailure && failure.getCause() != null ? failure.getCause() : failure;
    }
}
