package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.protocol.translate.StreamErrorFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A streamed answer after the call was committed to its provider. If the upstream breaks, the app
 * gets an error event in its own protocol right after the last complete event, which its SDK
 * raises as an error, and then the break itself, for clients that read SSE without looking for
 * error events: never half an event, never content twice, never a hang. Events are handed on
 * whole, which costs nothing since an SSE parser acts only at an event's closing blank line.
 */
final class CommittedStream extends InputStream {

    private static final String BROKEN = "the provider's stream broke off before it was complete";

    private final InputStream upstream;
    private final Protocol caller;
    private final byte[] chunk = new byte[8192];
    /** Bytes of complete events not yet read by the app. */
    private byte[] ready = new byte[0];
    private int readyPosition;
    /** The start of an event whose closing blank line has not arrived yet. */
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private boolean ended;
    /** The upstream's break, raised once the error event was read. */
    private IOException broken;

    CommittedStream(InputStream upstream, Protocol caller) {
        this.upstream = upstream;
        this.caller = caller;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (readyPosition == ready.length) {
            if (ended) {
                if (broken != null) {
                    throw new IOException(BROKEN, broken);
                }
                return -1;
            }
            fill();
        }
        int count = Math.min(length, ready.length - readyPosition);
        System.arraycopy(ready, readyPosition, into, offset, count);
        readyPosition += count;
        return count;
    }

    private void fill() {
        int n;
        try {
            n = upstream.read(chunk);
        } catch (IOException upstreamBroke) {
            end(StreamErrorFrames.of(caller, BROKEN));
            broken = upstreamBroke;
            return;
        }
        if (n < 0) {
            end(partial.toByteArray());
            return;
        }
        partial.write(chunk, 0, n);
        byte[] pending = partial.toByteArray();
        int boundary = lastEventEnd(pending);
        if (boundary > 0) {
            ready = java.util.Arrays.copyOf(pending, boundary);
            readyPosition = 0;
            partial.reset();
            partial.write(pending, boundary, pending.length - boundary);
        }
    }

    private void end(byte[] last) {
        ended = true;
        ready = last;
        readyPosition = 0;
        partial.reset();
    }

    /** Just past the last blank line ({@code \n\n}, {@code \r\n\r\n} or {@code \r\r}), or 0. */
    static int lastEventEnd(byte[] bytes) {
        for (int i = bytes.length - 1; i > 0; i--) {
            byte b = bytes[i];
            byte before = bytes[i - 1];
            if ((b == '\n' && before == '\n') || (b == '\r' && before == '\r')) {
                return i + 1;
            }
            if (b == '\n' && before == '\r' && i >= 3 && bytes[i - 2] == '\n' && bytes[i - 3] == '\r') {
                return i + 1;
            }
        }
        return 0;
    }

    @Override
    public void close() throws IOException {
        ended = true;
        broken = null;
        upstream.close();
    }
}
