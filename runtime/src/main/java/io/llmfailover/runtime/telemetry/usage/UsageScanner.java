package io.llmfailover.runtime.telemetry.usage;

import io.llmfailover.runtime.contract.HttpHeaders;

/**
 * Watches the bytes of a response body go by, on their way to the app, and gathers
 * {@link ResponseFacts} from them in bounded memory. Never throws: a body it cannot make sense of
 * simply yields fewer facts.
 */
public interface UsageScanner {

    void accept(byte[] bytes, int offset, int length);

    /** The body ended (or the app stopped reading): the facts are final. */
    ResponseFacts finish();

    /**
     * A scanner fit for the body: SSE for {@code text/event-stream}, AWS event stream for
     * {@code application/vnd.amazon.eventstream}, else one JSON document.
     */
    static UsageScanner forResponse(HttpHeaders headers, boolean captureContent) {
        String type = headers.first("content-type").orElse("").toLowerCase(java.util.Locale.ROOT);
        if (type.startsWith("text/event-stream")) {
            return new SseUsageScanner(captureContent);
        }
        if (type.startsWith(EventStreamUsageScanner.CONTENT_TYPE)) {
            return new EventStreamUsageScanner();
        }
        return new JsonUsageScanner(captureContent);
    }
}
