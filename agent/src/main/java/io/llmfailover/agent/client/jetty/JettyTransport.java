package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.channels.AsynchronousCloseException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpField;

/**
 * Sends each attempt as a new request of the app's own {@code HttpClient} (its pool, TLS, proxy and
 * decoders), marked as the agent's, with the app's idle timeout and what is left of its total
 * timeout; then waits, on the agent thread and never on Jetty's, for the head within the agent's
 * deadline. The body stays with the connection and is read as the runtime reads it. A fallback
 * attempt does not follow redirects: they would carry the fallback's key to a host the app never
 * addressed.
 */
final class JettyTransport implements Transport {

    private final JettyCall call;

    JettyTransport(JettyCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        HttpRequest request = requestFor(attempt);
        InputStreamResponseListener listener = new InputStreamResponseListener();
        AttemptAbort abort = new AttemptAbort(request);
        call.doing(abort);
        request.send(listener);
        Response head = awaitHead(listener, abort, attempt.headDeadline());
        return received(head, listener.getInputStream());
    }

    /**
     * One attempt's response, seen by the runtime as a blocking stream that Jetty fills as it is
     * read; keeps the native head for the app. Closing it before the body ended aborts the attempt,
     * which closes its connection (Jetty ignores the abort of a finished exchange); nothing ever
     * waits for the rest of the body.
     */
    private static NativeResponse<Response> received(Response head, InputStream body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (HttpField field : head.getHeaders()) {
            headers.add(field.getName(), field.getValue());
        }
        Runnable abortExchange = () -> head.abort(new AsynchronousCloseException());
        return NativeResponse.of(head, head.getStatus(), headers.build(), body)
                .releasedBy(abortExchange)
                .abortedBy(() -> {
                    abortExchange.run();
                    NativeResponse.closeQuietly(body);
                });
    }

    private HttpRequest requestFor(AttemptRequest attempt) {
        HttpRequest app = call.request;
        LlmRequest sent = attempt.request();
        HttpRequest request = (HttpRequest) call.destination.getHttpClient().newRequest(sent.uri());
        AgentsOwn.mark(request);
        request.method(sent.method())
                .idleTimeout(app.getIdleTimeout(), TimeUnit.MILLISECONDS)
                .timeout(call.timeoutLeftMillis(), TimeUnit.MILLISECONDS)
                .followRedirects(attempt.original() && app.isFollowRedirects());
        if (app.isVersionExplicit()) {
            request.version(app.getVersion());
        }
        request.headers(fields -> {
            fields.clear(); // Jetty's defaults (agent, encodings) are in the app's headers already
            sent.headers().forEach(fields::add);
            if (attempt.original()) {
                attempt.addedHeaders().forEach(fields::add);
            }
        });
        if (attempt.original()) {
            app.getCookies().forEach(request::cookie); // the app's own, for the host it addressed only
        }
        if (sent.body().length > 0) {
            request.body(new BytesRequestContent(sent.body()));
        }
        return request;
    }

    private Response awaitHead(InputStreamResponseListener listener, AttemptAbort abort, Duration deadline)
            throws IOException {
        try {
            return deadline == null
                    ? listener.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS)
                    : listener.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abort.abort(new TimeoutException("no response head within " + deadline));
            HeadDeadlineException timeout = new HeadDeadlineException(deadline);
            timeout.initCause(e);
            throw timeout;
        } catch (InterruptedException e) {
            abort.abort(e);
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while waiting for the response head"));
        } catch (ExecutionException e) {
            throw classified(e.getCause());
        }
    }

    /**
     * The app's abort, or its own total timeout (Jetty's {@code TimeoutException}, which can only
     * end before the agent's deadline), means the app gave up; any other failure (refused, reset,
     * connect timeout) is the provider's, and may fail over.
     */
    private IOException classified(Throwable failure) {
        Throwable appAbort = call.abortCause();
        return appAbort != null ? new CallAbandonedException(TransportFailure.of(appAbort)) : TransportFailure.classified(failure);
    }

    /** Aborts one attempt in flight: Jetty abandons its exchange and closes its connection. */
    private static final class AttemptAbort implements JettyCall.Abortable {
        private final HttpRequest request;

        AttemptAbort(HttpRequest request) {
            this.request = request;
        }

        @Override
        public void abort(Throwable cause) {
            request.abort(cause);
        }
    }
}
