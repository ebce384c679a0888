package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Sends each attempt as a request of the app's own factory (Apache HttpClient 5, Jetty, Reactor
 * Netty, the JDK client, {@code HttpURLConnection}): the app's method, URI, headers and body for the
 * original attempt, the runtime's for a rewritten one. An attempt with a head deadline runs on an
 * agent thread while the caller waits; one that misses it is interrupted (the JDK client and
 * Reactor Netty cancel the exchange on that) and its head, should it still arrive, released.
 */
final class FactoryTransport implements Transport {

    private final RestClientGovernedRequest call;

    FactoryTransport(RestClientGovernedRequest call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        ClientHttpRequest request = attempt.original()
                ? call.originalAttempt(attempt.addedHeaders())
                : call.rewrittenAttempt(attempt.request());
        Sending sending = new Sending(request, !attempt.original());
        try {
            return HeadDeadline.await(attempt.headDeadline(), sending, sending, sending);
        } catch (HeadDeadlineException agentDeadline) {
            throw agentDeadline;
        } catch (IOException e) {
            throw classified(e);
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

    /**
     * One attempt's response (head received, body unread), seen by the runtime; keeps the native
     * response for the app. It closes through the response; Apache's and {@code HttpURLConnection}'s
     * responses drain their body on close, so an abort leaves that to an agent thread.
     */
    private static NativeResponse<ClientHttpResponse> received(ClientHttpResponse response) throws IOException {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        response.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return NativeResponse.opening(response, response.getStatusCode().value(), headers.build(), response::getBody)
                .closedBy(response::close)
                .abortedBy(() -> {
                    try {
                        AgentThreads.relays().execute(response::close);
                    } catch (RejectedExecutionException shuttingDown) {
                        response.close();
                    }
                });
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas (see
     * {@code AdapterClassLoader}). Marked as the agent's traffic on whichever thread sends it, so
     * the adapter of the client underneath leaves it alone; a rewritten attempt's mark also has
     * that adapter make the request follow no redirect.
     */
    private static final class Sending implements HeadDeadline.Attempt<NativeResponse<ClientHttpResponse>>, Runnable,
            Consumer<NativeResponse<ClientHttpResponse>> {
        private final ClientHttpRequest request;
        private final boolean rewritten;
        private Thread sender;
        private boolean abandoned;

        Sending(ClientHttpRequest request, boolean rewritten) {
            this.request = request;
            this.rewritten = rewritten;
        }

        @Override
        public NativeResponse<ClientHttpResponse> send() throws IOException {
            synchronized (this) {
                if (abandoned) {
                    throw new InterruptedIOException("the attempt was abandoned before it was sent");
                }
                sender = Thread.currentThread();
            }
            try (AttemptGuard.Scope ours = rewritten ? AttemptGuard.enterRewritten() : AttemptGuard.enter()) {
                ClientHttpResponse response = request.execute();
                try {
                    // The status is read here, within the deadline: HttpURLConnection's head arrives only then.
                    return received(response);
                } catch (IOException | RuntimeException e) {
                    response.close();
                    throw e;
                }
            } finally {
                synchronized (this) {
                    sender = null;
                    if (abandoned) {
                        Thread.interrupted(); // an agent thread, free for its next task
                    }
                }
            }
        }

        /** Abandons the attempt at the deadline: the thread sending it is interrupted. */
        @Override
        public synchronized void run() {
            abandoned = true;
            if (sender != null) {
                sender.interrupt();
            }
        }

        /** Releases a head that arrived after the caller gave up on it. */
        @Override
        public void accept(NativeResponse<ClientHttpResponse> late) {
            late.abort();
        }
    }
}
