package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Sends each attempt through the rest of the app's execution, to the request factory Spring chose.
 * An attempt with a first-byte deadline runs on an agent thread while the caller waits for its head,
 * so an attempt that misses the deadline can be abandoned: interrupted (the JDK client and Reactor
 * Netty cancel the exchange on that), and its response closed should it still arrive.
 */
final class ExecutionTransport implements io.llmfailover.runtime.http.LegacyTransport {

    private final ClientHttpRequestExecution execution;
    private final HttpRequest appRequest;
    private final LlmRequest neutralAppRequest;
    private final byte[] appBody;
    private final ExecutorService executor;

    ExecutionTransport(ClientHttpRequestExecution execution, HttpRequest appRequest, LlmRequest neutralAppRequest,
            byte[] appBody, ExecutorService executor) {
        this.execution = execution;
        this.appRequest = appRequest;
        this.neutralAppRequest = neutralAppRequest;
        this.appBody = appBody;
        this.executor = executor;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts, on the caller's thread. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        boolean untouched = attempt == neutralAppRequest;
        HttpRequest request = untouched ? appRequest : SpringRequestMapping.toSpring(attempt, appRequest);
        byte[] body = untouched ? appBody : attempt.body();
        if (firstByteTimeout == null) {
            return new SpringLlmResponse(execution.execute(request, body), untouched);
        }
        AtomicBoolean abandoned = new AtomicBoolean();
        Future<ClientHttpResponse> head = executor.submit(() -> executeAsAttempt(request, body, abandoned));
        try {
            return new SpringLlmResponse(head.get(firstByteTimeout.toNanos(), TimeUnit.NANOSECONDS), untouched);
        } catch (TimeoutException e) {
            abandon(head, abandoned);
            throw new FirstByteTimeoutException(firstByteTimeout);
        } catch (InterruptedException e) {
            abandon(head, abandoned);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    private ClientHttpResponse executeAsAttempt(HttpRequest request, byte[] body, AtomicBoolean abandoned)
            throws IOException {
        CallDepth.enter();
        try {
            ClientHttpResponse response = execution.execute(request, body);
            if (abandoned.get()) {
                response.close();
            }
            return response;
        } finally {
            CallDepth.exit();
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
