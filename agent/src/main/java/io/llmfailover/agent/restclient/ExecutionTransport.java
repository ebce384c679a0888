package io.llmfailover.agent.restclient;

import io.llmfailover.agent.lifecycle.AttemptGuard;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.CallAbandonedException;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Sends each attempt through the rest of the app's execution, to the request factory Spring chose:
 * the app's own request (with trace context added) for the original attempt, one re-aimed at
 * another provider otherwise. An attempt with a head deadline runs on an agent thread while the
 * caller waits for its head, so that one missing the deadline can be abandoned: interrupted (the
 * JDK client and Reactor Netty cancel the exchange on that), and its response closed should it
 * still arrive.
 */
final class ExecutionTransport implements Transport {

    private final RestClientCall call;

    ExecutionTransport(RestClientCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        HttpRequest request = attempt.original()
                ? SpringRequestMapping.withAddedHeaders(call.request(), attempt.addedHeaders())
                : SpringRequestMapping.toSpring(attempt.request(), call.request());
        byte[] body = attempt.original() ? call.body() : attempt.request().body();
        Duration deadline = attempt.headTimeout();
        try {
            ClientHttpResponse head = deadline == null
                    ? call.execution().execute(request, body)
                    : headWithin(deadline, request, body);
            return new SpringLlmResponse(head, call.agentThreads());
        } catch (FirstByteTimeoutException | CallAbandonedException decided) {
            throw decided;
        } catch (IOException e) {
            throw classified(e);
        }
    }

    private ClientHttpResponse headWithin(Duration deadline, HttpRequest request, byte[] body) throws IOException {
        AtomicBoolean abandoned = new AtomicBoolean();
        Future<ClientHttpResponse> head = call.agentThreads().submit(() -> executeAsAttempt(request, body, abandoned));
        try {
            return head.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon(head, abandoned);
            FirstByteTimeoutException timeout = new FirstByteTimeoutException(deadline);
            timeout.initCause(e);
            throw timeout;
        } catch (InterruptedException e) {
            abandon(head, abandoned);
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while waiting for the response head"));
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    /** The attempt, on an agent thread: marked there too, so the adapter of the factory underneath leaves it alone. */
    private ClientHttpResponse executeAsAttempt(HttpRequest request, byte[] body, AtomicBoolean abandoned)
            throws IOException {
        try (AttemptGuard.Scope attempt = AttemptGuard.enter()) {
            ClientHttpResponse response = call.execution().execute(request, body);
            if (abandoned.get()) {
                response.close();
            }
            return response;
        }
    }

    /** Cancels the attempt; a head that won the race is closed so its connection is released. */
    private static void abandon(Future<ClientHttpResponse> head, AtomicBoolean abandoned) {
        abandoned.set(true);
        if (!head.cancel(true) && head.isDone()) {
            try {
                head.get().close();
            } catch (ExecutionException | InterruptedException | RuntimeException ignored) {
                // nothing arrived, so nothing to release
            }
        }
    }

    /**
     * The app gave up (its thread was interrupted, or its own read timeout, shorter than any
     * deadline of the agent's, expired): the call ends there. A connect failure or timeout is the
     * provider's, and may fail over.
     */
    private static IOException classified(IOException e) {
        if (Thread.currentThread().isInterrupted() || isReadTimeout(e)) {
            return new CallAbandonedException(e);
        }
        return e;
    }

    /** {@code HttpURLConnection} and Apache report a read timeout so; the JDK client's request timeout is its read timeout. */
    private static boolean isReadTimeout(IOException e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (e instanceof SocketTimeoutException) {
            return !message.contains("connect");
        }
        return e.getClass().getName().equals("java.net.http.HttpTimeoutException");
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
