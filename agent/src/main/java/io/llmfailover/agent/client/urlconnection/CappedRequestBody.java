package io.llmfailover.agent.client.urlconnection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The output stream a governed connection hands the app: a buffer up to {@code buffer.max-bytes}.
 * Past it, the connection passes through: what was buffered goes to the app's own connection
 * opened with the JDK's own code, and so does the rest, as it is written.
 */
final class CappedRequestBody extends OutputStream {

    private final GovernedConnection owner;
    private final long limit;
    private ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private OutputStream passedThrough;

    CappedRequestBody(GovernedConnection owner, long limit) {
        this.owner = owner;
        this.limit = limit;
    }

    byte[] bytes() {
        return buffer == null ? new byte[0] : buffer.toByteArray();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (passedThrough == null && (long) buffer.size() + length > limit) {
            passedThrough = owner.passThrough();
            buffer.writeTo(passedThrough);
            buffer = null;
        }
        if (passedThrough != null) {
            passedThrough.write(bytes, offset, length);
        } else {
            buffer.write(bytes, offset, length);
        }
    }

    @Override
    public void flush() throws IOException {
        if (passedThrough != null) {
            passedThrough.flush();
        }
    }

    @Override
    public void close() throws IOException {
        if (passedThrough != null) {
            passedThrough.close();
        }
    }
}
