package io.llmfailover.agent.ktor;

import io.ktor.utils.io.ByteReadChannel;
import io.ktor.utils.io.jvm.javaio.BlockingKt;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The engine's response channel read as a blocking stream that tells a broken body from an ended
 * one. Ktor's own {@code toInputStream} answers -1 once the channel is closed, whatever closed it:
 * a connection reset that lands before the next read would look like the end of the answer, and a
 * stream cut mid-way would reach the app as a complete one.
 */
final class EngineBody extends FilterInputStream {

    private final ByteReadChannel channel;

    EngineBody(ByteReadChannel channel) {
        super(BlockingKt.toInputStream(channel, null));
        this.channel = channel;
    }

    @Override
    public int read() throws IOException {
        return checked(super.read());
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        return checked(super.read(buffer, offset, length));
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
}
