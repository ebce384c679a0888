package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;

/**
 * A {@link ClientBinding} whose call object answers for the app's request itself
 * ({@link CallRequest}), and whose client's name and class loader are known once: the binding
 * keeps only the rest, what is its client's own.
 */
public abstract class CallBinding<C extends CallRequest, R> implements ClientBinding<C, R> {

    private final String clientName;
    private final ClassLoader clientLoader;

    /**
     * @param clientName as {@link #clientName()}
     * @param clientLoader the loader of the app's client classes; null for a client of the JDK's
     *     own, which sees no app class: the app's OpenTelemetry is then found through the calling
     *     thread's context loader
     */
    protected CallBinding(String clientName, ClassLoader clientLoader) {
        this.clientName = clientName;
        this.clientLoader = clientLoader;
    }

    @Override
    public final String clientName() {
        return clientName;
    }

    @Override
    public final String method(C call) {
        return call.methodName();
    }

    @Override
    public final URI uri(C call) {
        return call.uri();
    }

    @Override
    public final String takeHeader(C call, String name) {
        return call.takeHeader(name);
    }

    @Override
    public final LlmRequest toNeutral(C call, byte[] body) {
        return call.toNeutral(body);
    }

    @Override
    public final ClassLoader clientLoader(C call) {
        return clientLoader;
    }
}
