package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;

/**
 * One attempt's response as its client made it (head received, body unread), seen by the runtime,
 * and kept for the app when the answer is the app's own request's. Each client supplies only what
 * is its own: its status and headers, its body as a blocking stream, and how it lets go of the
 * exchange. Closing closes the body, which before its end cuts the exchange off (nothing ever
 * waits for the rest), then runs the client's release; aborting, by default, is closing.
 *
 * @param <T> the client's own response type
 */
public final class NativeResponse<T> implements LlmResponse {

    private static final Runnable NOTHING = () -> {};

    private final T response;
    private final int status;
    private final HttpHeaders headers;
    private final InputStream body;
    private final Runnable release;
    private final Runnable abort;

    private NativeResponse(T response, int status, HttpHeaders headers, InputStream body, Runnable release,
            Runnable abort) {
        this.response = response;
        this.status = status;
        this.headers = headers;
        this.body = body;
        this.release = release;
        this.abort = abort;
    }

    /** A response whose close is closing its body, and whose abort is its close: the close never waits. */
    public static <T> NativeResponse<T> of(T response, int status, HttpHeaders headers, InputStream body) {
        return new NativeResponse<>(response, status, headers, body, NOTHING, null);
    }

    /** The same response, running {@code release} once its close has closed the body. */
    public NativeResponse<T> releasedBy(Runnable release) {
        return new NativeResponse<>(response, status, headers, body, release, abort);
    }

    /** The same response, aborted by {@code abort} instead of its close: the client's own cut, which never blocks. */
    public NativeResponse<T> abortedBy(Runnable abort) {
        return new NativeResponse<>(response, status, headers, body, release, abort);
    }

    /** The client's own response, for the app when the answer is its own request's. */
    public T nativeResponse() {
        return response;
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
    public InputStream body() {
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
        closeQuietly(body);
        release.run();
    }

    /** Closes a body whose close only lets go of the exchange: there is nothing more to do if it fails. */
    public static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException ignored) {
            // the exchange is let go of either way
        }
    }
}
