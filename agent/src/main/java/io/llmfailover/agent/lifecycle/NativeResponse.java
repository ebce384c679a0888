package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * One attempt's response as its client made it (head received, body unread), seen by the runtime,
 * and kept for the app when the answer is the app's own request's. Each client supplies only what
 * is its own: its status and headers, its body as a blocking stream (given, or opened once when
 * first asked for), and how it lets go of the exchange. Closing closes the body, opening it first
 * if it never was (before its end that cuts the exchange off: nothing ever waits for the rest), or
 * runs the client's own close instead; then runs the client's release. Aborting, by default, is
 * closing. A response handed over to the app ({@link #handOver}) is the app's to release: closing
 * it does nothing more.
 *
 * @param <T> the client's own response type
 */
public final class NativeResponse<T> implements LlmResponse {

    /** How a client opens its response's body, once, when the runtime first reads it. */
    @FunctionalInterface
    public interface Opening {
        InputStream open() throws IOException;
    }

    private static final Runnable NOTHING = () -> {};

    private final T response;
    private final int status;
    private final HttpHeaders headers;
    private final Opening opening;
    private final Runnable close;
    private final Runnable unopened;
    private final Runnable release;
    private final Runnable abort;
    private InputStream body;
    private boolean handedOver;

    private NativeResponse(T response, int status, HttpHeaders headers, Opening opening, Runnable close,
            Runnable unopened, Runnable release, Runnable abort) {
        this.response = response;
        this.status = status;
        this.headers = headers;
        this.opening = opening;
        this.close = close;
        this.unopened = unopened;
        this.release = release;
        this.abort = abort;
    }

    /** A response whose close is closing its body, and whose abort is its close: the close never waits. */
    public static <T> NativeResponse<T> of(T response, int status, HttpHeaders headers, InputStream body) {
        return opening(response, status, headers, () -> body);
    }

    /** A response whose body is opened when the runtime first asks for it, and then kept. */
    public static <T> NativeResponse<T> opening(T response, int status, HttpHeaders headers, Opening body) {
        return new NativeResponse<>(response, status, headers, body, null, null, NOTHING, null);
    }

    /** The same response, closed by {@code close} (the client's own, through its response) instead of closing its body. */
    public NativeResponse<T> closedBy(Runnable close) {
        return new NativeResponse<>(response, status, headers, opening, close, unopened, release, abort);
    }

    /** The same response, closed by {@code close} while its body was never opened, rather than opened only to be closed. */
    public NativeResponse<T> closedUnopenedBy(Runnable close) {
        return new NativeResponse<>(response, status, headers, opening, this.close, close, release, abort);
    }

    /** The same response, running {@code release} once its close has closed the body. */
    public NativeResponse<T> releasedBy(Runnable release) {
        return new NativeResponse<>(response, status, headers, opening, close, unopened, release, abort);
    }

    /** The same response, aborted by {@code abort} instead of its close: the client's own cut, which never blocks. */
    public NativeResponse<T> abortedBy(Runnable abort) {
        return new NativeResponse<>(response, status, headers, opening, close, unopened, release, abort);
    }

    /** The client's own response, for the app when the answer is its own request's. */
    public T nativeResponse() {
        return response;
    }

    /** The client's own response, handed over to the app, which now reads and releases it: closing this does nothing more. */
    public synchronized T handOver() {
        handedOver = true;
        return response;
    }

    /**
     * The client's own response behind the app's own answer, its body untouched, handed over to the
     * app ({@link #handOver}); null when the app is to get another, as for {@link #ownOf}.
     */
    public static <T> T handedOver(Answer answer, Class<T> type) {
        return answer.ownBodyUntouched() && ownOf(answer, type) != null
                ? type.cast(((NativeResponse<?>) answer.ownResponse()).handOver()) : null;
    }

    /**
     * The client's own response behind the answer to the app's own request; null when the answer is
     * another, or when the runtime answered the own request through a response of its own (a drill
     * breaking its body).
     */
    public static <T> T ownOf(Answer answer, Class<T> type) {
        return answer.isOwn() && answer.ownResponse() instanceof NativeResponse<?> own && type.isInstance(own.response)
                ? type.cast(own.response) : null;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public synchronized InputStream body() {
        if (body == null) {
            try {
                body = opening.open();
            } catch (IOException e) {
                throw new UncheckedIOException("the response body could not be opened", e);
            }
        }
        return body;
    }

    @Override
    public void abort() {
        if (abort == null) {
            close();
        } else {
            abort.run();
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (handedOver) {
                return;
            }
        }
        letGo();
    }

    /** Lets go of the exchange, handed over or not: the app gave up on the call before it got the response. */
    public void letGo() {
        if (close != null) {
            close.run();
        } else if (!closedUnopened()) {
            closeQuietly(body());
        }
        release.run();
    }

    private synchronized boolean closedUnopened() {
        if (body != null || unopened == null) {
            return false;
        }
        unopened.run();
        return true;
    }

    /** Closes a body or response whose close only lets go of the exchange: there is nothing more to do if it fails. */
    public static void closeQuietly(Closeable body) {
        try {
            body.close();
        } catch (IOException ignored) {
            // the exchange is let go of either way
        }
    }
}
