package io.llmfailover.runtime.cache;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * The body the app reads, copied as it goes: on a clean end of stream the copy is handed to
 * {@code onComplete}, once; so is an event stream closed once its last event came. A body that
 * broke, was closed before its end, or grew past the cap is never handed on: only an answer that
 * reached the app whole is worth replaying.
 */
final class RecordingBody extends FilterInputStream {

    private final int maxBytes;
    private final Consumer<byte[]> onComplete;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();

    RecordingBody(InputStream body, int maxBytes, Consumer<byte[]> onComplete) {
        super(body);
        this.maxBytes = maxBytes;
        this.onComplete = onComplete;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int count) throws IOException {
        int n;
        try {
            n = super.read(into, offset, count);
        } catch (IOException broken) {
            copy = null;
            throw broken;
        }
        if (n < 0) {
            completed();
        } else if (copy != null) {
            keep(into, offset, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipped bytes were never copied: what is left is no longer the whole answer.
        copy = null;
        return super.skip(n);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /**
     * An SSE client stops at the stream's last event ({@code [DONE]}, {@code message_stop}) and
     * closes without reading on to the end: an answer whose last event came is whole all the same.
     */
    @Override
    public void close() throws IOException {
        if (copy != null && StreamEnding.isComplete(copy.toByteArray())) {
            completed();
        }
        copy = null;
        super.close();
    }

    private void keep(byte[] bytes, int offset, int n) {
        if (copy.size() + n > maxBytes) {
            copy = null;
            return;
        }
        copy.write(bytes, offset, n);
    }

    private void completed() {
        if (copy != null) {
            byte[] whole = copy.toByteArray();
            copy = null;
            onComplete.accept(whole);
        }
    }
}
