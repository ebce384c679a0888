package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.CallAbandonedException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.Locale;

/**
 * A failure of a reactive client that is not an {@link IOException} (Netty's read timeout, Vert.x's
 * own timeouts or a closed client, a Reactor error, the app's own body failing to encode), carried
 * through the runtime and the lifecycle as one, and unwrapped again before it reaches the app,
 * which then sees what its client or its codecs raised.
 */
public final class TransportFailure extends IOException {

    private TransportFailure(Throwable cause) {
        super(cause.getClass().getName() + ": " + cause.getMessage(), cause);
    }

    public static IOException of(Throwable cause) {
        return cause instanceof IOException io ? io : new TransportFailure(cause);
    }

    /** What the app sees for a failure the runtime rethrew: its client's own, when it gave up itself too. */
    public static Throwable unwrapped(Throwable failure) {
        Throwable seen = failure instanceof CallAbandonedException abandoned ? abandoned.appFailure() : failure;
        return seen instanceof TransportFailure && seen.getCause() != null ? seen.getCause() : seen;
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

    /**
     * Whether {@code failure} (carried or not) is a timeout of the client's that is no connect
     * timeout: Reactor Netty's response timeout, a {@code ReadTimeoutHandler} the app added, the
     * Azure SDK's response and read timeouts, Vert.x's request idle timeout. Set by the app, on its
     * client or its request, it is the app's own whenever it expires before the agent's deadline.
     */
    public static boolean isAppTimeout(Throwable failure) {
        failure = unwrapped(failure);
        String type = failure.getClass().getSimpleName();
        String message = String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT);
        return type.endsWith("TimeoutException") && !type.contains("Connect") && !(failure instanceof ConnectException)
                && !message.contains("connect");
    }
}
