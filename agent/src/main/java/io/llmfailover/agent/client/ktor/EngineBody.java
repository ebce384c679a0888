package io.llmfailover.agent.client.ktor;

import io.ktor.client.plugins.HttpRequestTimeoutException;
import io.ktor.utils.io.ByteReadChannel;
import io.ktor.utils.io.jvm.javaio.BlockingKt;
import io.llmfailover.runtime.contract.CallAbandonedException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * The engine's response channel read as a blocking stream, as the runtime reads an attempt's body.
 *
 * <ul>
 *   <li>It tells a broken body from an ended one. Ktor's own {@code toInputStream} answers -1 once
 *       the channel is closed, whatever closed it: a connection reset that lands before the next
 *       read would look like the end of the answer, and a stream cut mid-way would reach the app
 *       as a complete one.
 *   <li>A body the app's own deadline broke is the app's doing ({@link CallAbandonedException}),
 *       never its provider's break: its socket timeout (a read silent past {@code
 *       socketTimeoutMillis}) and its engine's request timeout, which CIO applies to each attempt
 *       until its body is read. The agent sets no deadline on a body, so such a timeout is always
 *       the app's: the stream is neither finished by another provider nor reported as broken, and
 *       the app reads the failure Ktor raised.
 *   <li>Closing it ends the attempt ({@code onClose}, run first): the runtime closes a body it is
 *       done with, a resumed stream's continuation among them, without the response it came with.
 * </ul>
 */
final class EngineBody extends FilterInputStream {

    private static final int MAX_CAUSES = 8;

    private final ByteReadChannel channel;
    private final Runnable onClose;

    EngineBody(ByteReadChannel channel, Runnable onClose) {
        super(BlockingKt.toInputStream(channel, null));
        this.channel = channel;
        this.onClose = onClose;
    }

    @Override
    public int read() throws IOException {
        try {
            return checked(super.read());
        } catch (IOException failed) {
            throw classified(failed);
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        try {
            return checked(super.read(buffer, offset, length));
        } catch (IOException failed) {
            throw classified(failed);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            onClose.run();
        } finally {
            super.close();
        }
    }

    private int checked(int read) throws IOException {
        if (read < 0) {
            Throwable cause = channel.getClosedCause();
            if (cause != null) {
                throw cause instanceof IOException io ? io : new IOException("the response body broke off", cause);
            }
        }
        return read;
    }

    private static IOException classified(IOException failed) {
        return failed instanceof CallAbandonedException || !endedByTheAppsTimeout(failed)
                ? failed : new CallAbandonedException(failed);
    }

    /** Ktor wraps what broke a channel, once per channel it passes through: a few causes deep. */
    private static boolean endedByTheAppsTimeout(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException || cause instanceof HttpRequestTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
