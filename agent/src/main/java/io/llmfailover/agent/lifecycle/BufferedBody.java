package io.llmfailover.agent.lifecycle;

/** A request body read once into memory, or the finding that it is too large to be. */
public final class BufferedBody {

    private static final BufferedBody TOO_LARGE = new BufferedBody(null);
    private static final BufferedBody EMPTY = new BufferedBody(new byte[0]);

    private final byte[] bytes;

    private BufferedBody(byte[] bytes) {
        this.bytes = bytes;
    }

    public static BufferedBody of(byte[] bytes) {
        return bytes == null || bytes.length == 0 ? EMPTY : new BufferedBody(bytes);
    }

    public static BufferedBody empty() {
        return EMPTY;
    }

    /** Larger than {@code buffer.max-bytes}: the call passes through ungoverned. */
    public static BufferedBody tooLarge() {
        return TOO_LARGE;
    }

    public boolean fits() {
        return bytes != null;
    }

    /** The bytes; only when {@link #fits()}. */
    public byte[] bytes() {
        if (bytes == null) {
            throw new IllegalStateException("the body was too large to buffer");
        }
        return bytes;
    }
}
