package io.llmfailover.agent.client.apache4;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.concurrent.Cancellable;

/**
 * What the client's stages register their cancellable step with during one attempt (connection
 * lease, then the connection itself), so that the attempt can be aborted from another thread.
 */
final class AttemptAbort implements HttpExecutionAware, Cancellable {

    private final AtomicReference<Cancellable> step = new AtomicReference<>();
    private volatile boolean aborted;

    @Override
    public boolean isAborted() {
        return aborted;
    }

    @Override
    public void setCancellable(Cancellable cancellable) {
        step.set(cancellable);
        if (aborted && cancellable != null) {
            cancellable.cancel();
        }
    }

    @Override
    public boolean cancel() {
        aborted = true;
        Cancellable current = step.get();
        return current == null || current.cancel();
    }
}
