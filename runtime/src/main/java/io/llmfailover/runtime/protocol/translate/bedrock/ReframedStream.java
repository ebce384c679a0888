package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.contract.ChunkedStream;
import io.llmfailover.runtime.protocol.translate.StreamErrorFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream whose events are framed anew one at a time, read only once the reader took all of the
 * last, so memory holds one event whatever the stream's length. A break or an unreadable event ends
 * it with an error frame in the reader's framing, never with an exception thrown at its parser.
 */
abstract class ReframedStream extends ChunkedStream {

    private final InputStream upstream;
    private final Protocol reader;
    private boolean finished;

    ReframedStream(InputStream upstream, Protocol reader) {
        this.upstream = upstream;
        this.reader = reader;
    }

    /** The next event in the reader's framing (empty to skip one), or null at the end of the upstream. */
    protected abstract byte[] nextEvent() throws IOException;

    /** Nothing is read after the event in hand: it ended the stream (an error). */
    protected final void finish() {
        finished = true;
    }

    @Override
    protected final byte[] nextChunk() {
        if (finished) {
            return null;
        }
        try {
            byte[] event = nextEvent();
            finished |= event == null;
            return event;
        } catch (IOException | RuntimeException broken) {
            finished = true;
            return StreamErrorFrames.of(reader, "the provider's stream broke off or could not be read");
        }
    }

    @Override
    public void close() throws IOException {
        finished = true;
        discardChunk();
        upstream.close();
    }
}
