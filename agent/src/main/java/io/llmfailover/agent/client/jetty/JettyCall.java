package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.transport.HttpDestination;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;

/**
 * One governed Jetty call, run through the call lifecycle on an agent thread: the app's request,
 * the destination and listener it was sent with, and whatever the call does now (an attempt in
 * flight, the answer being relayed), so that the app's abort reaches it. The app's listeners hear
 * exactly one end, whatever path the call takes.
 */
final class JettyCall implements CallCompletion<Void>, CallRequest {

    final HttpRequest request;
    final HttpDestination destination;
    /** The listener the app passed to {@code send}, for a send as if the agent were absent. */
    final Response.CompleteListener listener;
    final URI uri;
    private final AppListeners listeners;
    private final Map<HttpRequest, JettyCall> running;
    /** When the app's total timeout ({@code Request.timeout}) ends, in {@link System#nanoTime()}; 0 when it has none. */
    private final long appDeadline;
    private volatile Throwable aborted;
    private volatile Abortable current;

    JettyCall(HttpRequest request, HttpDestination destination, Response.CompleteListener listener,
            Map<HttpRequest, JettyCall> running) {
        this.request = request;
        this.destination = destination;
        this.listener = listener;
        this.uri = request.getURI();
        this.listeners = new AppListeners(request, listener, this::forget);
        this.running = running;
        this.appDeadline = request.getTimeout() > 0
                ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(request.getTimeout()) : 0;
    }

    AppListeners listeners() {
        return listeners;
    }

    @Override
    public Throwable appGaveUp() {
        return aborted;
    }

    /** The listeners heard the answer as it was relayed. */
    @Override
    public void answered(Void relayed) {}

    @Override
    public void failed(Throwable failure) {
        listeners.failed(aborted != null ? aborted : failure);
    }

    /**
     * The call is no longer the agent's: its listeners heard its end (the relayed body may end long
     * after the lifecycle returned), or Jetty sends it as the app made it.
     */
    void forget() {
        running.remove(request, this);
    }

    /**
     * The milliseconds left of the app's total timeout for one more attempt, at least one; 0 when
     * the app set none.
     */
    long timeoutLeftMillis() {
        if (appDeadline == 0) {
            return 0;
        }
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(appDeadline - System.nanoTime()));
    }

    /** What the call does now, so that the app's abort reaches it; aborted at once if the app already gave up. */
    void doing(Abortable step) {
        current = step;
        Throwable cause = aborted;
        if (cause != null) {
            step.abort(cause);
        }
    }

    /** The app's abort cause, or null while it waits. */
    Throwable abortCause() {
        return aborted;
    }

    void abort(Throwable cause) {
        aborted = cause;
        Abortable step = current;
        if (step != null) {
            step.abort(cause);
        }
    }

    /** A step of the call the app's abort ends: an attempt in flight, the relay of the answer. */
    interface Abortable {
        void abort(Throwable cause);
    }

    @Override
    public String methodName() {
        return request.getMethod();
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public String takeHeader(String name) {
        String value = request.getHeaders().get(name);
        if (value != null) {
            request.headers(fields -> fields.remove(name));
        }
        return value;
    }

    /** The app's headers as it set them; the content type, which Jetty adds only as it sends, from the content. */
    @Override
    public LlmRequest toNeutral(byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (HttpField field : request.getHeaders()) {
            headers.add(field.getName(), field.getValue());
        }
        Request.Content content = request.getBody();
        if (content != null && content.getContentType() != null && !request.getHeaders().contains(HttpHeader.CONTENT_TYPE)) {
            headers.add(HttpHeader.CONTENT_TYPE.asString(), content.getContentType());
        }
        return new LlmRequest(request.getMethod(), uri, headers.build(), body);
    }
}
