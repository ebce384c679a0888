package io.llmfailover.agent.client.reactornetty;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The bytes the app's body function sends, copied as they are written, up to the cap. What a
 * function writes that is not bytes (a file region, a form encoder's chunks) makes the call one the
 * agent leaves alone.
 */
final class BodyRecording {

    /** Stops the recording: the body is larger than the cap. */
    static final class OverCap extends RuntimeException {
        OverCap() {
            super("request body over the cap", null, false, false);
        }
    }

    private final long limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private volatile String unsupported;
    private volatile boolean overCap;

    BodyRecording(long limit) {
        this.limit = limit;
    }

    /** Copies one written part, releasing it as a channel would have. */
    void record(Object part) {
        try {
            if (part instanceof ByteBuf buffer) {
                append(buffer);
            } else if (part instanceof byte[] array) {
                append(array);
            } else if (part instanceof String text) {
                append(text.getBytes(StandardCharsets.UTF_8));
            } else {
                unsupported("it writes " + part.getClass().getName());
            }
        } finally {
            ReferenceCountUtil.release(part);
        }
    }

    void unsupported(String what) {
        if (unsupported == null) {
            unsupported = what;
        }
    }

    /** Why the body cannot be replayed, or null. */
    String unsupported() {
        return unsupported;
    }

    boolean overCap() {
        return overCap;
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }

    private void append(ByteBuf buffer) {
        byte[] chunk = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), chunk);
        append(chunk);
    }

    private synchronized void append(byte[] chunk) {
        if (bytes.size() + (long) chunk.length > limit) {
            overCap = true;
            throw new OverCap();
        }
        bytes.write(chunk, 0, chunk.length);
    }
}
