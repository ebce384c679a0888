package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.net.URI;

/**
 * What one HTTP client supplies to the {@link CallLifecycle}: only what is its own. Everything else
 * (the governs check, re-entry, the caller's trace context, the size cap, fail-open, exactly-once
 * sending) is the lifecycle's.
 *
 * @param <C> the adapter's per-call context: the client's request and whatever it needs to send it
 *     (a chain, a scope, a callback)
 * @param <R> the client's response type, as the app gets it
 */
public interface ClientBinding<C, R> {

    /** The client's name for log lines: {@code "OkHttp"}. */
    String clientName();

    /** The request method, read without touching the body. */
    String method(C call);

    /** The request URI, read without touching the body; null leaves the call alone. */
    URI uri(C call);

    /**
     * Reads the request body once into memory, at most {@code limit} bytes.
     *
     * @return the bytes, or {@link BufferedBody#tooLarge} when the body is larger than
     *     {@code limit}, or {@link BufferedBody#notReplayable}: {@link #proceed} must then still
     *     send the whole body the app made
     * @throws IOException the app's own body failed while being written: nothing was sent, and the
     *     app sees the failure as it would without the agent
     */
    BufferedBody buffer(C call, long limit) throws IOException;

    /**
     * Removes the request header {@code name} from what this call sends as the app made it, and
     * returns its first value; null when the request does not carry it (yet). The lifecycle calls
     * it for the agent's own {@code x-llm-route}, which never reaches a provider, on every call to a
     * provider's host: as it first sees the call, once the request is complete, and before the call
     * goes out as the app made it.
     *
     * <p>The header is removed from the client's own request where that can change, or from
     * whatever writes it there later (a body callback); otherwise the call keeps a copy without it,
     * which {@link #proceed} sends ({@link #headerRemoval()}).
     */
    String takeHeader(C call, String name);

    /** How a call the agent leaves alone loses the header: by default, in the client's own request. */
    default HeaderRemoval headerRemoval() {
        return HeaderRemoval.IN_PLACE;
    }

    /** The client-neutral request, its body the buffered bytes. */
    LlmRequest toNeutral(C call, byte[] body);

    /** Sends each attempt natively, through the app's own client: the app's own request object when the attempt is the original. */
    Transport transport(C call, LlmRequest neutral);

    /**
     * Whether the {@link #transport} can have two attempts of one call in flight at once, for
     * {@code hedge.after}: each sent from an agent thread of its own, each aborted (its connection
     * released) when its thread is interrupted. A client whose call can hold only one exchange
     * (OkHttp's chain) says no, and its calls are never hedged.
     */
    default boolean sendsConcurrently(C call) {
        return false;
    }

    /**
     * The client's response for the runtime's answer: the native one the transport received when
     * {@link Answer#isOwn()}, else one built from the answer's status, headers and body. Closing
     * that response's body must close the answer.
     */
    R toApp(C call, Answer answer) throws IOException;

    /**
     * The call as if the agent were absent, sent exactly once: the app's own request, its body
     * replayed from {@code body} when the client cannot produce it again.
     *
     * @param body what {@link #buffer} read, or null when the body was never read
     */
    R proceed(C call, BufferedBody body) throws IOException;

    /** The agent's own head deadline, in the form the client reports a timeout. */
    IOException timeout(HeadDeadlineException expired);

    /** The class loader of the app's client, to find the app's own OpenTelemetry. */
    ClassLoader clientLoader(C call);
}
