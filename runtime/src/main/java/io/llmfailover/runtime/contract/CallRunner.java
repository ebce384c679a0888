package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.net.URI;

/**
 * What the call lifecycle asks of the runtime: is this call governed, how much of its body may be
 * buffered, and run it through the failover chain. The agent's production implementation is the
 * runtime's Gateway; tests plug their own.
 */
public interface CallRunner {

    /**
     * Cheap, and asked before a body byte is read: false means the call is left completely alone
     * (it is not a generation call to a provider's host).
     */
    boolean governs(String method, URI uri);

    /**
     * Why {@link #governs} said no, for the per-call line of {@code agent.log.level = debug}; null
     * when there is nothing to explain (traffic that is not an LLM call at all).
     */
    default String whyNotGoverned(String method, URI uri) {
        return "not a governed call";
    }

    /**
     * Whether {@code uri} goes to a provider's host, governed operation or not: the agent's own
     * headers are taken off such a request. Cheap; asked of calls {@link #governs} said no to. A
     * governor that does not say leaves those calls alone.
     */
    default boolean reachesProvider(URI uri) {
        return false;
    }

    /** {@code buffer.max-bytes}: a larger body is sent as the app made it, ungoverned. */
    long bufferLimit();

    /**
     * Runs one governed call.
     *
     * @throws IOException the addressed provider's own transport failure, rethrown to the app
     * @throws io.llmfailover.runtime.contract.AgentFailure the runtime failed before anything was sent
     */
    Answer execute(LlmRequest request, Transport transport) throws IOException;
}
