package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends each attempt with the app's own {@link HttpClient}, as an agent call the hooks leave
 * alone, and returns as soon as the head arrived: the body stays an unread stream.
 *
 * <p>An attempt with a first-byte deadline is a blocking {@code send} on the adapter's executor,
 * waited for here up to the deadline and interrupted past it (the JDK client then aborts the
 * exchange). Not the client's {@code sendAsync}: its answer hops to CompletableFuture's default
 * executor, which on a JVM with two or fewer processors starts a new thread for every call.
 */
final class JdkHttpTransport implements Transport {

    private final HttpClient client;
    private final LlmRequest appRequest;
    private final HttpRequest appJdkRequest;
    private final Executor executor;

    /**
     * @param appRequest the neutral request handed to the runtime; an attempt that is this very
     *     request (with at most headers added: trace context) is sent as {@code appJdkRequest}
     *     (with those headers), and its response head reaches the app as the client made it
     * @param executor where attempts with a deadline are sent from
     */
    JdkHttpTransport(HttpClient client, LlmRequest appRequest, HttpRequest appJdkRequest, Executor executor) {
        this.client = client;
        this.appRequest = appRequest;
        this.appJdkRequest = appJdkRequest;
        this.executor = executor;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts, on the app's thread. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        Optional<HttpHeaders> added = attempt.headersAddedTo(appRequest);
        boolean untouched = added.isPresent();
        HttpRequest request = untouched
                ? JdkRequestMapping.withAddedHeaders(appJdkRequest, added.get())
                : JdkRequestMapping.toJdk(attempt, appJdkRequest);
        HeadWait head = new HeadWait(() -> sendAsAgent(request));
        try {
            if (firstByteTimeout == null) {
                head.run();
                return new JdkLlmResponse(head.get(), untouched);
            }
            executor.execute(head);
            return new JdkLlmResponse(head.get(firstByteTimeout.toNanos(), TimeUnit.NANOSECONDS), untouched);
        } catch (TimeoutException e) {
            head.abandon();
            throw new FirstByteTimeoutException(firstByteTimeout);
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

    private HttpResponse<InputStream> sendAsAgent(HttpRequest request) throws IOException, InterruptedException {
        CallDepth.enter();
        try {
            return client.send(request, BodyHandlers.ofInputStream());
        } finally {
            CallDepth.exit();
        }
    }

    /** The wait for one head; a head that arrives after the wait was given up is closed, releasing its connection. */
    private static final class HeadWait extends FutureTask<HttpResponse<InputStream>> {

        HeadWait(Callable<HttpResponse<InputStream>> send) {
            super(send);
        }

        @Override
        protected void set(HttpResponse<InputStream> response) {
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

        private static void close(HttpResponse<InputStream> response) {
            try {
                response.body().close();
            } catch (IOException ignored) {
                // released either way
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
