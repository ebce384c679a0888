package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;

/**
 * What every encoder shares: once its stream was ended (by its last event or by an error frame)
 * it writes nothing more, and its error frame is its protocol's.
 */
public abstract class ClosingStreamEncoder implements StreamEncoder {

    private final Protocol protocol;
    private boolean closed;

    protected ClosingStreamEncoder(Protocol protocol) {
        this.protocol = protocol;
    }

    @Override
    public final void encode(StreamEvent event, ByteArrayOutputStream out) {
        if (!closed) {
            encodeOpen(event, out);
        }
    }

    /** Encodes one event of a stream that has not ended yet. */
    protected abstract void encodeOpen(StreamEvent event, ByteArrayOutputStream out);

    /** Marks the stream as ended: later events are dropped. */
    protected final void close() {
        closed = true;
    }

    @Override
    public final boolean closed() {
        return closed;
    }

    @Override
    public byte[] errorFrame(ErrorKind kind, String message) {
        closed = true;
        return StreamErrorFrames.of(protocol, kind, message);
    }
}
