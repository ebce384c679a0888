package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.net.URI;

/**
 * A {@link CallRunner} that hands everything to another: a decorator overrides only what it adds
 * (counting calls, carrying the app's route), so the questions asked before a call never drift
 * from the runner's own answers.
 */
public abstract class ForwardingCallRunner implements CallRunner {

    private final CallRunner delegate;

    protected ForwardingCallRunner(CallRunner delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean governs(String method, URI uri) {
        return delegate.governs(method, uri);
    }

    @Override
    public String whyNotGoverned(String method, URI uri) {
        return delegate.whyNotGoverned(method, uri);
    }

    @Override
    public boolean reachesProvider(URI uri) {
        return delegate.reachesProvider(uri);
    }

    @Override
    public long bufferLimit() {
        return delegate.bufferLimit();
    }

    @Override
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        return delegate.execute(request, transport);
    }
}
