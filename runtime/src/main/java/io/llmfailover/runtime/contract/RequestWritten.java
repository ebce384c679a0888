package io.llmfailover.runtime.contract;

import io.llmfailover.runtime.time.Clock;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * When the app's client began writing one attempt's request, its connection in hand, as the
 * attempt's transport reports it: the moment the provider's deadlines ({@code timeout.head},
 * {@code timeout.first-byte}) count from. A reactive client sets itself up inside its first
 * attempt (Reactor Netty's pool, resolver and channel classes, Vert.x's connection machinery):
 * that is the app's own cost, not the provider's wait. A transport that never reports leaves the
 * deadlines counting from the hand-off, as before. The first report wins; reports are thread-safe.
 */
public final class RequestWritten {

    private final Clock clock;
    private final CompletableFuture<Long> at = new CompletableFuture<>();

    public RequestWritten(Clock clock) {
        this.clock = clock;
    }

    /** For an attempt built outside a walk: reported, if ever, by the system clock. */
    public static RequestWritten bySystemClock() {
        return new RequestWritten(Clock.SYSTEM);
    }

    /** The client is writing the request now. */
    public void report() {
        at.complete(clock.nanoTime());
    }

    /** When it was reported, if it was. */
    public OptionalLong nanos() {
        Long written = at.getNow(null);
        return written == null ? OptionalLong.empty() : OptionalLong.of(written);
    }

    /** The later of {@code handedOverNanos} and the report: where a deadline of the provider's starts. */
    public long deadlineStart(long handedOverNanos) {
        Long written = at.getNow(null);
        return written == null ? handedOverNanos : Math.max(handedOverNanos, written);
    }

    /** Completes when the report comes; never, for a request never written. */
    public CompletableFuture<?> reported() {
        return at.copy();
    }

    /** The clock the report is read by. */
    public Clock clock() {
        return clock;
    }
}
