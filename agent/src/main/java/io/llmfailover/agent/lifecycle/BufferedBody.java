package io.llmfailover.agent.lifecycle;

/** A request body read once into memory, or why it is not: then the call passes through ungoverned. */
public final class BufferedBody {

    private static final BufferedBody EMPTY = new BufferedBody(new byte[0], null);

    private final byte[] bytes;
    private final String passThroughReason;

    private BufferedBody(byte[] bytes, String passThroughReason) {
        this.bytes = bytes;
        this.passThroughReason = passThroughReason;
    }

    public static BufferedBody of(byte[] bytes) {
        return bytes == null || bytes.length == 0 ? EMPTY : new BufferedBody(bytes, null);
    }

    public static BufferedBody empty() {
        return EMPTY;
    }

    /** Larger than {@code buffer.max-bytes}: the call passes through ungoverned. */
    public static BufferedBody tooLarge(long limit) {
        return new BufferedBody(null, "its body is larger than buffer.max-bytes (" + limit + " bytes)");
    }

    /** A body that cannot be replayed (duplex, one-shot of unknown length): the call passes through ungoverned. */
    public static BufferedBody notReplayable(String what) {
        return new BufferedBody(null, "its body cannot be replayed (" + what + ")");
    }

    public boolean fits() {
        return bytes != null;
    }

    /** The bytes; only when {@link #fits()}. */
    public byte[] bytes() {
        if (bytes == null) {
            throw new IllegalStateException("the body was not buffered: " + passThroughReason);
        }
        return bytes;
    }

    /** Why the call passes through ungoverned; null when the body {@link #fits()}. */
    public String passThroughReason() {
        return passThroughReason;
    }
}
