package io.llmfailover.runtime.contract;

import java.io.IOException;

/**
 * A streamed answer broke off after the app was sent an error event in its own protocol, the way
 * providers report a failure mid-stream. Raised on the read after that event, for clients that
 * read SSE without looking for error events; an adapter whose client would drop the event on
 * seeing this failure may end the body instead, since the event already says it.
 */
public final class ReportedStreamBreak extends IOException {

    public ReportedStreamBreak(String message, IOException cause) {
        super(message, cause);
    }
}
