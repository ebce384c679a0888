package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.contract.ChunkedStream;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The caller's view of a target's event stream: reads one target event only when the caller has
 * consumed everything translated so far, so memory stays constant whatever the stream's length.
 * Nothing it reads can make it throw at the caller's parser: a malformed or cut-short target stream
 * ends with an error frame in the caller's dialect.
 */
public final class TranslatingStream extends ChunkedStream {

    private final InputStream upstream;
    private final StreamDecoder.Events reader;
    private final StreamDecoder decoder;
    private final StreamEncoder encoder;
    private final List<StreamEvent> events = new ArrayList<>();
    private boolean finished;

    public TranslatingStream(InputStream upstream, StreamDecoder decoder, StreamEncoder encoder) {
        this.upstream = upstream;
        this.reader = decoder.events(upstream);
        this.decoder = decoder;
        this.encoder = encoder;
    }

    @Override
    public void close() throws IOException {
        finished = true;
        discardChunk();
        upstream.close();
    }

    /** The next target event, translated; null at the end of the caller's stream. */
    @Override
    protected byte[] nextChunk() {
        return finished ? null : translateNextEvent();
    }

    private byte[] translateNextEvent() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            events.clear();
            SseEvent event = reader.next();
            if (event == null) {
                decoder.end(events);
            } else {
                decoder.decode(event, events);
            }
            for (StreamEvent translated : events) {
                encoder.encode(translated, out);
                if (encoder.closed()) {
                    break;
                }
            }
            if (event == null && !encoder.closed()) {
                encoder.encode(new StreamEvent.Failed(ErrorKind.SERVER, "the fallback provider's stream ended early"), out);
            }
            finished = encoder.closed();
            return out.toByteArray();
        } catch (IOException e) {
            return fail(ErrorKind.SERVER, "the fallback provider's stream broke off");
        } catch (MalformedBodyException e) {
            return fail(ErrorKind.SERVER, "the fallback provider sent a malformed stream: " + e.getMessage());
        } catch (RuntimeException e) {
            return fail(ErrorKind.SERVER, "the fallback provider's stream could not be translated");
        }
    }

    private byte[] fail(ErrorKind kind, String message) {
        finished = true;
        return encoder.errorFrame(kind, message);
    }
}
