package io.llmfailover.runtime.cache;

import io.llmfailover.runtime.AgentThread;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The body the app reads, copied as it goes: on a clean end of stream the copy is handed to
 * {@code onComplete}, once; so is an event stream closed once its last event came. A body that
 * broke, was closed before its end, or grew past the cap is never handed on: only an answer that
 * reached the app whole is worth replaying.
 *
 * <p>The copies of all answers being read hold at most a {@link RecordingBudget} together: an
 * answer that does not fit is not recorded, and its bytes reach the app as they would anyway.
 * What a copy took is given back once, when it is handed on or dropped, or when an app that never
 * closed its body lets it be collected.
 */
final class RecordingBody extends FilterInputStream {

    private static final Cleaner ABANDONED = Cleaner.create(
            runnable -> AgentThread.daemon("llm-failover-recordings", runnable));

    private final int maxBytes;
    private final Consumer<byte[]> onComplete;
    private final Held held;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();

    RecordingBody(InputStream body, int maxBytes, Consumer<byte[]> onComplete) {
        this(body, maxBytes, onComplete, RecordingBudget.SHARED);
    }

    RecordingBody(InputStream body, int maxBytes, Consumer<byte[]> onComplete, RecordingBudget budget) {
        super(body);
        this.maxBytes = maxBytes;
        this.onComplete = onComplete;
        this.held = new Held(budget);
        ABANDONED.register(this, held);
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
            drop();
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
        drop();
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
        drop();
        super.close();
    }

    private void keep(byte[] bytes, int offset, int n) {
        if (copy.size() + n > maxBytes || !held.take(n)) {
            drop();
            return;
        }
        copy.write(bytes, offset, n);
    }

    private void completed() {
        if (copy != null) {
            byte[] whole = copy.toByteArray();
            drop();
            onComplete.accept(whole);
        }
    }

    private void drop() {
        copy = null;
        held.giveBack();
    }

    /** What one copy took from the budget: given back once, by the reader or by the cleaner. */
    private static final class Held implements Runnable {
        private final RecordingBudget budget;
        private final AtomicLong bytes = new AtomicLong();

        Held(RecordingBudget budget) {
            this.budget = budget;
        }

        boolean take(int n) {
            if (!budget.take(n)) {
                return false;
            }
            bytes.addAndGet(n);
            return true;
        }

        void giveBack() {
            long taken = bytes.getAndSet(0);
            if (taken > 0) {
                budget.giveBack(taken);
            }
        }

        /** The app never closed the body, which was collected: what its copy took goes back. */
        @Override
        public void run() {
            giveBack();
        }
    }
}
