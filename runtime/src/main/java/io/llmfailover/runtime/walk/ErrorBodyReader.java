package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.InMemoryBody;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.time.Scheduler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a failed attempt's error body into memory, so it can be classified and, for the addressed
 * provider, still returned to the app after the fallbacks failed too. Error bodies are small and
 * come with their head, so both the bytes and the wait are capped: an upstream that sends a huge
 * body or dribbles it out slowly costs neither memory nor the failover's time. Past either cap
 * the exchange is aborted, never drained.
 */
final class ErrorBodyReader {

    static final byte[] NOTHING = new byte[0];
    /** Kept of an error body; the rest is discarded. */
    static final int MAX_BYTES = 64 * 1024;
    /** The whole error body's deadline, from its head. */
    static final Duration DEADLINE = Duration.ofSeconds(2);

    private ErrorBodyReader() {}

    /** The response with its body read, up to the caps; the response is closed (or aborted) either way. */
    static BufferedResponse buffer(LlmResponse response, Scheduler scheduler) {
        InputStream body = response.body();
        if (body instanceof InMemoryBody whole) {
            return bufferedAtOnce(response, whole.takeRest());
        }
        AtomicBoolean expired = new AtomicBoolean();
        Scheduler.Cancellable deadline = scheduler.schedule(DEADLINE.toNanos(), () -> {
            expired.set(true);
            response.abort();
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean whole = false;
        try {
            whole = read(body, bytes);
        } finally {
            deadline.cancel();
            if (whole && !expired.get()) {
                response.close();
            } else {
                response.abort();
            }
        }
        return new BufferedResponse(response.status(), response.headers(), bytes.toByteArray());
    }

    /**
     * A body the client already read whole: nothing to wait for, so no deadline is set (setting one
     * wakes the timer thread twice, for the schedule and the cancel, on every failover).
     */
    private static BufferedResponse bufferedAtOnce(LlmResponse response, ByteBuffer rest) {
        byte[] kept = new byte[Math.min(rest.remaining(), MAX_BYTES)];
        rest.get(kept);
        if (rest.hasRemaining()) {
            response.abort();
        } else {
            response.close();
        }
        return new BufferedResponse(response.status(), response.headers(), kept);
    }

    /**
     * Reads up to {@link #MAX_BYTES}; a body that breaks halfway (or is aborted by the deadline)
     * gives what arrived.
     *
     * @return whether the body was read to its end
     */
    private static boolean read(InputStream body, ByteArrayOutputStream into) {
        byte[] buffer = new byte[8192];
        try {
            int n;
            while (into.size() < MAX_BYTES && (n = body.read(buffer, 0, Math.min(buffer.length, MAX_BYTES - into.size()))) >= 0) {
                into.write(buffer, 0, n);
            }
            return into.size() < MAX_BYTES || body.read() < 0;
        } catch (IOException broken) {
            // Keep what arrived: the status already tells what happened.
            return false;
        }
    }
}
