package io.llmfailover.agent.lifecycle;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * Copies a request body into memory within {@code buffer.max-bytes}, deciding from what the client
 * says of the body (its length, whether it can be produced again) before a byte is read.
 */
public final class CappedCopy {

    /** A body that writes itself to a stream: HttpClient's entities, Spring's bodies. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    private CappedCopy() {}

    /**
     * Why a body is not to be read at all, or null when it may be read within the cap.
     *
     * @param length the declared length, negative when unknown
     * @param repeatable whether the client can produce the body again after it was read
     */
    public static BufferedBody notToRead(long length, boolean repeatable, long limit) {
        if (length > limit) {
            return BufferedBody.tooLarge(limit);
        }
        if (length < 0 && !repeatable) {
            return BufferedBody.notReplayable("not repeatable, of unknown length");
        }
        return null;
    }

    /**
     * The body's bytes, or why the call passes through: a body past the cap stops being read at
     * the cap, and is {@link BufferedBody#tooLarge} when it can be produced again whole.
     *
     * @throws IOException the body failed as it was written, or a body that cannot be produced
     *     again wrote more than its declared length (it can then be sent neither way)
     */
    public static BufferedBody of(long length, boolean repeatable, long limit, Writer body) throws IOException {
        BufferedBody decided = notToRead(length, repeatable, limit);
        if (decided != null) {
            return decided;
        }
        Capped out = new Capped(limit);
        try {
            body.writeTo(out);
        } catch (IOException e) {
            if (!out.overCap) {
                throw e;
            }
        }
        if (!out.overCap) {
            return BufferedBody.of(out.toByteArray());
        }
        if (repeatable) {
            return BufferedBody.tooLarge(limit);
        }
        throw new IOException("the request body is longer than its declared length of " + length + " bytes");
    }

    /**
     * As {@link #of}, for a body the app's own request sends again when the call is left alone:
     * one that cannot be produced again, read whole, is handed to {@code sendCopyInstead}, so that
     * the request sends the copy in its place.
     */
    public static BufferedBody keepingSendable(long length, boolean repeatable, long limit, Writer body,
            Consumer<byte[]> sendCopyInstead) throws IOException {
        BufferedBody copy = of(length, repeatable, limit, body);
        if (copy.fits() && !repeatable) {
            sendCopyInstead.accept(copy.bytes());
        }
        return copy;
    }

    /** Keeps at most {@code limit} bytes; the first byte past it stops the writer. */
    private static final class Capped extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final long limit;
        private boolean overCap;

        Capped(long limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] source, int offset, int length) throws IOException {
            if (overCap || bytes.size() + (long) length > limit) {
                overCap = true;
                throw new OverCap();
            }
            bytes.write(source, offset, length);
        }

        byte[] toByteArray() {
            return bytes.toByteArray();
        }
    }

    /** Thrown through the body's writer to stop it early; caught right above. */
    private static final class OverCap extends IOException {
        OverCap() {
            super("request body larger than buffer.max-bytes");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
