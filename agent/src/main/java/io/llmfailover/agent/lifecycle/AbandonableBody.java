package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.CallAbandonedException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * An attempt's body as the runtime reads it: a read that fails or ends once the app gave up on the
 * call (it cancelled it, or its own timeout expired) raises {@link CallAbandonedException}, the
 * signal a transport gives for a head, so that the runtime takes it for the app's own: a stream
 * still waiting for its first content fails over to no one and counts against no provider, and a
 * committed one is neither finished by another provider nor reported as its provider's break. Only
 * a failure or an end is looked at; a read costs nothing more.
 */
public final class AbandonableBody extends FilterInputStream {

    private final BooleanSupplier appGaveUp;
    private final Predicate<IOException> appsOwnFailure;

    private AbandonableBody(InputStream body, BooleanSupplier appGaveUp, Predicate<IOException> appsOwnFailure) {
        super(body);
        this.appGaveUp = appGaveUp;
        this.appsOwnFailure = appsOwnFailure;
    }

    /** @param appGaveUp whether the app has given up on the call, asked when a read fails or ends */
    public static InputStream of(InputStream body, BooleanSupplier appGaveUp) {
        return new AbandonableBody(body, appGaveUp, failed -> false);
    }

    /**
     * @param appGaveUp whether the app has given up on the call, asked when a read fails or ends
     * @param appsOwnFailure whether a read's failure is the app's own while it still waits: its client's own timeout
     */
    public static InputStream of(InputStream body, BooleanSupplier appGaveUp, Predicate<IOException> appsOwnFailure) {
        return new AbandonableBody(body, appGaveUp, appsOwnFailure);
    }

    /**
     * A reactive client's body, read while {@code app} waits: the app gave up when it cancelled (its
     * cancellation cuts the body off), or when a read fails with its client's own timeout
     * ({@link TransportFailure#isAppTimeout}); the agent's own deadlines abort the body and count as theirs.
     */
    public static InputStream of(InputStream body, AppWait app) {
        return new AbandonableBody(body, app::abandoned, TransportFailure::isAppTimeout);
    }

    @Override
    public int read() throws IOException {
        int read;
        try {
            read = super.read();
        } catch (IOException failed) {
            throw classified(failed);
        }
        return ended(read);
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        int read;
        try {
            read = in.read(into, offset, length);
        } catch (IOException failed) {
            throw classified(failed);
        }
        return ended(read);
    }

    private IOException classified(IOException failed) {
        return !(failed instanceof CallAbandonedException) && (appGaveUp.getAsBoolean() || appsOwnFailure.test(failed))
                ? new CallAbandonedException(failed) : failed;
    }

    /** A body cut off because the app gave up ends as the app's cancellation, never as a provider's short answer. */
    private int ended(int read) throws CallAbandonedException {
        if (read < 0 && appGaveUp.getAsBoolean()) {
            throw HeadDeadlineWait.abandonedByApp();
        }
        return read;
    }
}
