package io.llmfailover.agent.webclient;

import java.io.IOException;

/**
 * A failure that is not an {@link IOException} (Netty's read timeout, a Reactor error, the app's
 * own body failing to encode), carried through the runtime and the lifecycle as one, and unwrapped
 * again before it reaches the app, which then sees what its connector or its codecs raised.
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
