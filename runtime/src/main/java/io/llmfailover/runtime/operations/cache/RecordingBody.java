package io.llmfailover.runtime.operations.cache;

import io.llmfailover.runtime.time.AgentThread;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The body the app reads, copied as it goes: on a clean end of stream the copy is handed to
 * {@code onComplete}, once; so is a body closed after its last byte, which the app's reader need
 * not ask for the end to have read ({@link WholeAnswer}). A body that broke, was closed before its
 * end, or grew past the cap is never handed on: only an answer that reached the app whole is worth
 * replaying.
 *
 * <p>The copies of all answers being read hold at most a {@link RecordingBudget} together: an
 * answer that does not fit is not recorded, and its bytes reach the app as they would anyway.
 * What a copy took is given back once, when it is handed on or dropped, or when an app that never
 * closed its body lets it be collected.
 */
final class RecordingBody extends FilterInputStream {

    private static final Cleaner ABANDONED = Cleaner.create(
            runnable -> AgentThread.daemon("llm-failover-recordings", runnable));

    private final WholeAnswer end;
    private final int maxBytes;
    private final Consumer<byte[]> onComplete;
    private final Held held;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();

    /** @param end what the answer is whole at, should the app close it without reading to its end */
    RecordingBody(InputStream body, WholeAnswer end, int maxBytes, Consumer<byte[]> onComplete) {
        this(body, end, maxBytes, onComplete, RecordingBudget.SHARED);
    }

    RecordingBody(InputStream body, WholeAnswer end, int maxBytes, Consumer<byte[]> onComplete, RecordingBudget budget) {
        super(body);
        this.end = end;
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
     * A JSON reader stops at the document's closing brace, an SSE client at the stream's last event
     * ({@code [DONE]}, {@code message_stop}), and either closes without reading on to the end: an
     * answer read to its last byte is whole all the same.
     */
    @Override
    public void close() throws IOException {
        if (copy != null && end.isWhole(copy.toByteArray())) {
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
