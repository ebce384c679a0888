package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;

/**
 * What a client's per-call object tells of the app's request, for a {@link CallBinding}: its
 * method and URI, read without touching the body, the agent's own header taken off it, and its
 * client-neutral form.
 */
public interface CallRequest {

    /** As {@link ClientBinding#method}. */
    String methodName();

    /** As {@link ClientBinding#uri}. */
    URI uri();

    /** As {@link ClientBinding#takeHeader}. */
    String takeHeader(String name);

    /** As {@link ClientBinding#toNeutral}. */
    LlmRequest toNeutral(byte[] body);
}
