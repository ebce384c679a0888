package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.LlmRequest;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.netty.DefaultHttpClient;
import java.net.URI;

/**
 * One governed Micronaut call: what the app asked for, its request as the filters below the app's
 * reach it, and the filter chain that sends each attempt through the app's own client.
 */
final class MicronautCall implements CallRequest {

    private final MicronautAsk ask;
    /** The request as the app made it, until the agent's filter is reached. */
    private final HttpRequest<?> asked;
    private final URI uri;
    private final String method;
    private Governance governance;
    private volatile MutableHttpRequest<?> request;
    private volatile ReusableChain chain;
    private final AppWait wait = new AppWait();

    /** @param request the request whose filters are being resolved: its URI is absolute by then */
    MicronautCall(MicronautAsk ask, HttpRequest<?> request) {
        this.ask = ask;
        this.asked = request;
        this.uri = request.getUri().isAbsolute() ? request.getUri() : null;
        this.method = request.getMethodName();
    }

    /** The lifecycle's hold on the call, taken as its filters were resolved; the call runs once the agent's filter is reached. */
    void governedBy(Governance governance) {
        this.governance = governance;
    }

    /** The agent's filter was reached: the request as the app's filters left it, and the rest of the chain. */
    void reached(MutableHttpRequest<?> request, ReusableChain chain) {
        this.request = request;
        this.chain = chain;
    }

    /**
     * Removes {@code name} from the request the call sends: as the app's filters left it once they
     * ran, else as the app made it (Micronaut's requests are mutable; one that is not keeps it).
     */
    @Override
    public String takeHeader(String name) {
        HttpRequest<?> current = request != null ? request : asked;
        String value = current.getHeaders().get(name);
        if (value != null && current instanceof MutableHttpRequest<?> mutable) {
            mutable.getHeaders().remove(name);
        }
        return value;
    }

    Governance governance() {
        return governance;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public String methodName() {
        return method;
    }

    MutableHttpRequest<?> request() {
        return request;
    }

    ReusableChain chain() {
        return chain;
    }

    DefaultHttpClient client() {
        return (DefaultHttpClient) ask.client();
    }

    boolean streamed() {
        return ask.streamed();
    }

    /** A stream whose request accepts {@code text/event-stream}: Micronaut hands the app its lines ({@link SseLines}). */
    boolean acceptsEvents() {
        return streamed() && SseLines.accepted(request);
    }

    @SuppressWarnings("unchecked")
    Argument<Object> bodyType() {
        return (Argument<Object>) ask.bodyType();
    }

    /** Runs {@code hook} when the app cancels the call; at once if it already did. */
    void onAbandon(Runnable hook) {
        wait.onAbandon(hook);
    }

    boolean abandoned() {
        return wait.abandoned();
    }

    /** The app cancelled its subscription: what is in flight is cancelled too, and nothing more is sent. */
    void abandon() {
        wait.abandon();
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return new LlmRequest(method, uri, MicronautBinding.neutral(request.getHeaders()), body);
    }
}
