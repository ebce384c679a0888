package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.http.CallAbandonedException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.BooleanSupplier;

/**
 * An attempt's body as the runtime reads it: a read that fails once the app gave up on the call
 * (it cancelled it, or its own timeout expired) raises {@link CallAbandonedException}, the signal a
 * transport gives for a head, so that the runtime takes the failure for the app's own: a committed
 * stream is then neither finished by another provider nor reported as its provider's break. Only a
 * failure is looked at; a read costs nothing more.
 */
public final class AbandonableBody extends FilterInputStream {

    private final BooleanSupplier appGaveUp;

    private AbandonableBody(InputStream body, BooleanSupplier appGaveUp) {
        super(body);
        this.appGaveUp = appGaveUp;
    }

    /** @param appGaveUp whether the app has given up on the call, asked when a read fails */
    public static InputStream of(InputStream body, BooleanSupplier appGaveUp) {
        return new AbandonableBody(body, appGaveUp);
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (IOException failed) {
            throw classified(failed);
        }
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        try {
            return in.read(into, offset, length);
        } catch (IOException failed) {
            throw classified(failed);
        }
    }

    private IOException classified(IOException failed) {
        return !(failed instanceof CallAbandonedException) && appGaveUp.getAsBoolean()
                ? new CallAbandonedException(failed) : failed;
    }
}
