package io.llmfailover.runtime.protocol.translate.eventstream;

import java.io.IOException;

/** Bytes that are not an event stream: a bad checksum, an impossible length, an unknown header type. */
public final class MalformedEventStreamException extends IOException {

    public MalformedEventStreamException(String message) {
        super(message);
    }
}
