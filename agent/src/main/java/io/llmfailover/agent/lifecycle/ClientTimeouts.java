package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.HeadDeadlineException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * The agent's own head deadline in the forms clients report a timeout of their own, for
 * {@link ClientBinding#timeout}: the app sees what its client would have raised, the deadline as
 * its cause.
 */
public final class ClientTimeouts {

    private ClientTimeouts() {}

    /** As a blocking socket's read times out (the JDK's words, which Apache HttpClient and Spring pass on). */
    public static SocketTimeoutException readTimedOut(HeadDeadlineException expired) {
        return socketTimeout("Read timed out", expired);
    }

    /** As a blocking client reports a read timeout in words of its own. */
    public static SocketTimeoutException socketTimeout(String message, HeadDeadlineException expired) {
        SocketTimeoutException timeout = new SocketTimeoutException(message);
        timeout.initCause(expired);
        return timeout;
    }

    /**
     * As an async client reports its timeouts (Reactor's timeout operator, Vert.x, Jetty): a
     * {@link TimeoutException}, carried as a {@link TransportFailure} until it reaches the app.
     */
    public static IOException timeoutException(HeadDeadlineException expired) {
        TimeoutException timeout = new TimeoutException(expired.getMessage());
        timeout.initCause(expired);
        return TransportFailure.of(timeout);
    }
}
