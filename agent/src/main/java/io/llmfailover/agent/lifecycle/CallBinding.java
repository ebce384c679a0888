package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;

/**
 * A {@link ClientBinding} whose call object answers for the app's request itself
 * ({@link CallRequest}): the binding keeps only the rest, what is its client's own.
 */
public interface CallBinding<C extends CallRequest, R> extends ClientBinding<C, R> {

    @Override
    default String method(C call) {
        return call.methodName();
    }

    @Override
    default URI uri(C call) {
        return call.uri();
    }

    @Override
    default String takeHeader(C call, String name) {
        return call.takeHeader(name);
    }

    @Override
    default LlmRequest toNeutral(C call, byte[] body) {
        return call.toNeutral(body);
    }
}
