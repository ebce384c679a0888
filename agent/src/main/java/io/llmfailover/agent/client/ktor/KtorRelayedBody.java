package io.llmfailover.agent.client.ktor;

import io.llmfailover.runtime.contract.ReportedStreamBreak;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The answer's body as the app's channel reads it, shaped for how Ktor's channels end.
 *
 * <ul>
 *   <li>Ktor's channel over a stream takes an {@link EOFException} for the end of the stream, so a
 *       body cut short (a gzip stream, say) would reach the app as complete: here it stays the
 *       failure it is.
 *   <li>A channel closed with a cause drops what the app has not read yet, and {@code
 *       readUTF8Line} then answers as at a clean end: a stream's break, raised right after the
 *       error event that reports it, could take that event with it. The event alone reaches the
 *       app whole, so after it the body ends.
 * </ul>
 */
final class KtorRelayedBody extends FilterInputStream {

    KtorRelayedBody(InputStream answer) {
        super(answer);
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (ReportedStreamBreak told) {
            return -1;
        } catch (EOFException cut) {
            throw brokenOff(cut);
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        try {
            return super.read(buffer, offset, length);
        } catch (ReportedStreamBreak told) {
            return -1;
        } catch (EOFException cut) {
            throw brokenOff(cut);
        }
    }

    private static IOException brokenOff(EOFException cut) {
        return new IOException("the response body broke off: " + cut.getMessage(), cut);
    }
}
