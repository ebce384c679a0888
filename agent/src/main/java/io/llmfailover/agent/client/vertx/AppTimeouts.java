package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.lifecycle.TransportFailure;
import io.vertx.core.http.HttpClientOptions;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

/**
 * Tells, for one attempt, the app's own Vert.x timeouts from its provider's failures once the
 * client has handed the request over (a connect or pool timeout before that is the provider's).
 * The request's idle timeout ({@code RequestOptions.setIdleTimeout} or {@code setTimeout},
 * WebClient's {@code idleTimeout} and {@code timeout}) fails the request with a
 * {@link TimeoutException}. The client's connection idle timeouts ({@code HttpClientOptions}'
 * {@code setIdleTimeout}, {@code setReadIdleTimeout}, {@code setWriteIdleTimeout}) close the
 * connection without saying why: a connection lost once the attempt had been silent for the
 * shortest of them is taken as closed by it, since whoever closed it, the app's client would have
 * by then. Either can only end an attempt before the agent's own deadline, which otherwise ends it first.
 */
final class AppTimeouts {

    private final long connectionIdleNanos;
    private final LongSupplier nanoTime;
    private volatile long lastActivityNanos;

    AppTimeouts(long connectionIdleNanos, LongSupplier nanoTime) {
        this.connectionIdleNanos = connectionIdleNanos;
        this.nanoTime = nanoTime;
        this.lastActivityNanos = nanoTime.getAsLong();
    }

    /** For an attempt of a client with {@code options}; silent from now. */
    static AppTimeouts of(HttpClientOptions options) {
        return new AppTimeouts(connectionIdleNanos(options), System::nanoTime);
    }

    /** The shortest of the client's idle timeouts that close a connection; 0 when it sets none. */
    static long connectionIdleNanos(HttpClientOptions options) {
        long shortest = 0;
        for (int idle : new int[] {options.getIdleTimeout(), options.getReadIdleTimeout(), options.getWriteIdleTimeout()}) {
            if (idle > 0) {
                long nanos = options.getIdleTimeoutUnit().toNanos(idle);
                shortest = shortest == 0 ? nanos : Math.min(shortest, nanos);
            }
        }
        return shortest;
    }

    /** Something went out on the attempt's connection, or came in: its silence starts again. */
    void activity() {
        lastActivityNanos = nanoTime.getAsLong();
    }

    /** Whether {@code failure}, after the client handed the request over, is one of the app's own timeouts. */
    boolean ended(Throwable failure) {
        return TransportFailure.unwrapped(failure) instanceof TimeoutException || connectionIdleElapsed();
    }

    private boolean connectionIdleElapsed() {
        return connectionIdleNanos > 0 && nanoTime.getAsLong() - lastActivityNanos >= connectionIdleNanos;
    }
}
