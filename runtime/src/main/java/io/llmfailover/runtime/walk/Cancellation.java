package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.HeadDeadlineException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;

/**
 * Tells the app's own cancellation (its thread interrupted, its client's call cancelled) from a
 * provider's failure: a cancelled call stops at once, records nothing against the provider and
 * tries no fallback, since nobody is waiting for the answer any more.
 */
final class Cancellation {

    private Cancellation() {}

    /**
     * An {@link InterruptedIOException} that is not a timeout (a socket timeout and the agent's own
     * head deadline are InterruptedIOExceptions too), or any failure while the thread is interrupted.
     */
    static boolean is(IOException failure) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        return failure instanceof InterruptedIOException
                && !(failure instanceof SocketTimeoutException)
                && !(failure instanceof HeadDeadlineException);
    }

    /**
     * Whether a committed body's failure is the app's doing rather than its provider's: a
     * cancellation ({@link #is}, the adapter's {@link io.llmfailover.runtime.contract.CallAbandonedException}
     * included), or a read timeout, which on a body being read is always the app's client's own
     * (the agent's deadlines end with the response head).
     */
    static boolean endsBodyForTheApp(IOException failure) {
        return is(failure) || failure instanceof SocketTimeoutException;
    }

    /** Throws when the calling thread was interrupted, leaving its interrupt flag set. */
    static void check() throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("llm-failover: the call was cancelled; no fallback is tried");
        }
    }
}
