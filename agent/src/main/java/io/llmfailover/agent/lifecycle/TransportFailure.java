package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.http.CallAbandonedException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.Locale;

/**
 * A failure of a reactive client that is not an {@link IOException} (Netty's read timeout, a
 * Reactor error, the app's own body failing to encode), carried through the runtime and the
 * lifecycle as one, and unwrapped again before it reaches the app, which then sees what its client
 * or its codecs raised.
 */
public final class TransportFailure extends IOException {

    private TransportFailure(Throwable cause) {
        super(cause.getClass().getName(), cause);
    }

    public static IOException of(Throwable cause) {
        return cause instanceof IOException io ? io : new TransportFailure(cause);
    }

    /** What the app sees for a failure the runtime rethrew. */
    public static Throwable unwrapped(Throwable failure) {
        return failure instanceof TransportFailure && failure.getCause() != null ? failure.getCause() : failure;
    }

    /**
     * An attempt's failure as the runtime should see it. The app's own timeout (Reactor Netty's
     * response timeout, the JDK client's request timeout), which can only expire before the
     * agent's deadline, means the app gave up; a connect failure or timeout is the provider's, and
     * may fail over.
     */
    public static IOException classified(Throwable failure) {
        IOException carried = of(failure);
        return isAppTimeout(failure) ? new CallAbandonedException(carried) : carried;
    }

    private static boolean isAppTimeout(Throwable failure) {
        String type = failure.getClass().getSimpleName();
        String message = String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT);
        return type.endsWith("TimeoutException") && !type.contains("Connect") && !(failure instanceof ConnectException)
                && !message.contains("connect");
    }
}
