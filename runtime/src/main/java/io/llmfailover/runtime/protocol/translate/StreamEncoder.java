package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import java.io.ByteArrayOutputStream;

/** Writes neutral stream events in the caller's SSE dialect. Stateful, one per stream. */
public interface StreamEncoder {

    void encode(StreamEvent event, ByteArrayOutputStream out);

    /** True once the stream's last bytes (end or error) were written. */
    boolean closed();

    /** The bytes that end the caller's stream with an error, whatever was written before. */
    byte[] errorFrame(ErrorKind kind, String message);
}
