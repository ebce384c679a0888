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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends each attempt with the app's own {@link HttpClient}, as an agent call the hooks leave
 * alone, and returns as soon as the head arrived: the body stays an unread stream.
 */
final class JdkHttpTransport implements Transport {

    private final HttpClient client;
    private final LlmRequest appRequest;
    private final HttpRequest appJdkRequest;

    /**
     * @param appRequest the neutral request handed to the runtime; an attempt that is this very
     *     request (with at most headers added: trace context) is sent as {@code appJdkRequest}
     *     (with those headers), and its response head reaches the app as the client made it
     */
    JdkHttpTransport(HttpClient client, LlmRequest appRequest, HttpRequest appJdkRequest) {
        this.client = client;
        this.appRequest = appRequest;
        this.appJdkRequest = appJdkRequest;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        Optional<HttpHeaders> added = attempt.headersAddedTo(appRequest);
        boolean untouched = added.isPresent();
        HttpRequest request = untouched
                ? JdkRequestMapping.withAddedHeaders(appJdkRequest, added.get())
                : JdkRequestMapping.toJdk(attempt, appJdkRequest);
        CompletableFuture<HttpResponse<InputStream>> head = sendAsAgent(request);
        try {
            HttpResponse<InputStream> response = firstByteTimeout == null
                    ? head.get()
                    : head.get(firstByteTimeout.toNanos(), TimeUnit.NANOSECONDS);
            return new JdkLlmResponse(response, untouched);
        } catch (TimeoutException e) {
            abandon(head);
            throw new FirstByteTimeoutException(firstByteTimeout);
        } catch (InterruptedException e) {
            abandon(head);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    private CompletableFuture<HttpResponse<InputStream>> sendAsAgent(HttpRequest request) {
        CallDepth.enter();
        try {
            return client.sendAsync(request, BodyHandlers.ofInputStream());
        } finally {
            CallDepth.exit();
        }
    }

    /** Cancels the exchange; a head that won the race is closed so its connection is released. */
    private static void abandon(CompletableFuture<HttpResponse<InputStream>> head) {
        if (!head.cancel(true) && !head.isCompletedExceptionally()) {
            head.thenAccept(response -> {
                try {
                    response.body().close();
                } catch (IOException ignored) {
                    // released either way
                }
            });
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
