package io.llmfailover.runtime.operations.faults;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.locks.LockSupport;

/** {@link InjectedFault#EXPORTER_BLOCK}: an export that never returns, whatever interrupts it. */
final class BlockingSpanExporter implements SpanExporter {

    private final SpanExporter delegate;

    BlockingSpanExporter(SpanExporter delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        InjectedFault.EXPORTER_BLOCK.announce();
        while (true) {
            LockSupport.park(this);
        }
    }

    @Override
    public CompletableResultCode flush() {
        return delegate.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return delegate.shutdown();
    }
}
