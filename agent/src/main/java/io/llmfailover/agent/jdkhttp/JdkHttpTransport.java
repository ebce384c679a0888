package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Sends each attempt with the app's own {@link HttpClient}, as an agent call the hooks leave
 * alone, and returns as soon as the head arrived: the body stays an unread stream.
 *
 * <p>An attempt is a blocking {@code send} on the app's thread. Its first-byte deadline is the
 * request's own timeout, which up to JDK 25 ends when the head arrives (JDK 26 extends it to the
 * body, which would cut a long stream). There, an attempt with a deadline is sent from the
 * adapter's executor, waited for here up to the deadline and interrupted past it (the client then
 * aborts the exchange). Never the client's {@code sendAsync}: its answer hops to
 * CompletableFuture's default executor, which on a JVM with two or fewer processors starts a new
 * thread for every call.
 */
final class JdkHttpTransport implements io.llmfailover.runtime.http.LegacyTransport {

    /** Whether a request's timeout covers the head only, so that it can be the first-byte deadline. */
    static final boolean REQUEST_TIMEOUT_ENDS_AT_HEAD = Runtime.version().feature() < 26;

    private final HttpClient client;
    private final LlmRequest appRequest;
    private final HttpRequest appJdkRequest;
    private final Executor executor;

    /**
     * @param appRequest the neutral request handed to the runtime, with the buffered body; an
     *     attempt that is this very request (with at most headers added: trace context) is sent as
     *     {@code appJdkRequest} (with those headers), and its response head reaches the app as the
     *     client made it
     * @param executor where attempts with a deadline are sent from, where the request timeout cannot be it
     */
    JdkHttpTransport(HttpClient client, LlmRequest appRequest, HttpRequest appJdkRequest, Executor executor) {
        this.client = client;
        this.appRequest = appRequest;
        this.appJdkRequest = appJdkRequest;
        this.executor = executor;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        return send(attempt, firstByteTimeout, BodyHandlers.ofInputStream(), HttpResponse::body);
    }

    /**
     * The whole body read by the client before the caller wakes up: one wake-up, not two. Not where
     * the deadline is an agent thread's wait, which would then also wait for the body.
     */
    @Override
    public LlmResponse sendUnstreamed(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        if (!REQUEST_TIMEOUT_ENDS_AT_HEAD) {
            return send(attempt, firstByteTimeout);
        }
        return send(attempt, firstByteTimeout, BodyHandlers.ofByteArray(),
                response -> new ByteArrayInputStream(response.body()));
    }

    private <T> LlmResponse send(LlmRequest attempt, Duration firstByteTimeout, BodyHandler<T> handler,
            Function<HttpResponse<T>, InputStream> body) throws IOException {
        Duration deadline = firstByteTimeout != null && firstByteTimeout.compareTo(appTimeout()) < 0 ? firstByteTimeout : null;
        boolean onThisThread = deadline == null || REQUEST_TIMEOUT_ENDS_AT_HEAD;
        Duration requestTimeout = onThisThread ? deadline : null;
        Optional<HttpHeaders> added = io.llmfailover.runtime.http.LegacyTransport.headersAddedTo(attempt, appRequest);
        boolean untouched = added.isPresent();
        HttpRequest request = untouched
                ? JdkRequestMapping.forAttempt(appJdkRequest, appRequest.body(), added.get(), requestTimeout)
                : JdkRequestMapping.toJdk(attempt, appJdkRequest, requestTimeout);
        HttpResponse<T> response = onThisThread
                ? sendHere(request, handler, deadline)
                : sendFromExecutor(request, handler, deadline);
        return new JdkLlmResponse(response, body.apply(response), untouched);
    }

    /** The app's own timeout; the first-byte deadline applies only where it is the shorter. */
    private Duration appTimeout() {
        return appJdkRequest.timeout().orElse(ChronoUnit.FOREVER.getDuration());
    }

    private <T> HttpResponse<T> sendHere(HttpRequest request, BodyHandler<T> handler, Duration deadline)
            throws IOException {
        try {
            return sendAsAgent(request, handler);
        } catch (HttpConnectTimeoutException e) {
            throw e; // the client's own connect timeout, the app's setting
        } catch (HttpTimeoutException e) {
            if (deadline != null) {
                throw new FirstByteTimeoutException(deadline);
            }
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        }
    }

    private <T> HttpResponse<T> sendFromExecutor(HttpRequest request, BodyHandler<T> handler, Duration deadline)
            throws IOException {
        HeadWait<T> head = new HeadWait<>(() -> sendAsAgent(request, handler));
        executor.execute(head);
        try {
            return head.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            head.abandon();
            throw new FirstByteTimeoutException(deadline);
        } catch (InterruptedException e) {
            head.abandon();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the response head");
            }
            throw rethrowable(e.getCause());
        }
    }

    private <T> HttpResponse<T> sendAsAgent(HttpRequest request, BodyHandler<T> handler)
            throws IOException, InterruptedException {
        CallDepth.enter();
        try {
            return client.send(request, handler);
        } finally {
            CallDepth.exit();
        }
    }

    /** The wait for one head; a head that arrives after the wait was given up is closed, releasing its connection. */
    private static final class HeadWait<T> extends FutureTask<HttpResponse<T>> {

        HeadWait(Callable<HttpResponse<T>> send) {
            super(send);
        }

        @Override
        protected void set(HttpResponse<T> response) {
            super.set(response);
            if (isCancelled()) {
                close(response);
            }
        }

        /** Interrupts the send, which makes the client abort the exchange; a head that won the race is closed. */
        void abandon() {
            if (!cancel(true)) {
                try {
                    close(get());
                } catch (ExecutionException | InterruptedException | RuntimeException ignored) {
                    // no head, nothing to release
                }
            }
        }

        private static void close(HttpResponse<?> response) {
            if (response.body() instanceof InputStream body) {
                try {
                    body.close();
                } catch (IOException ignored) {
                    // released either way
                }
            }
        }
    }

    private static IOException rethrowable(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException(cause);
    }
}
