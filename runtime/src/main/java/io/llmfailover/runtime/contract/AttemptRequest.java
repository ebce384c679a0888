package io.llmfailover.runtime.contract;

import java.time.Duration;
import java.util.Objects;

/**
 * One attempt the runtime asks a transport to send.
 *
 * @param request what goes on the wire
 * @param original true when {@code request} is the app's own request unchanged but for
 *     {@code addedHeaders}: the transport then sends the app's own request object (with those
 *     headers added) rather than one rebuilt from {@code request}, and its response may reach the
 *     app as the client's native response
 * @param addedHeaders the headers the runtime added to the app's request (trace context); empty
 *     for an attempt that is not the original
 * @param headDeadline how long to wait for the response head, or null for no limit of the agent's;
 *     on expiry the attempt is aborted, its connection released, and
 *     {@link HeadDeadlineException} thrown
 * @param streamed whether the caller asked for a stream; an unstreamed answer may be read whole
 *     before {@link Transport#send} returns, when that saves the caller a second wait
 * @param written where the transport reports when the client began writing the request, if it
 *     can tell: the head deadline then counts from there, and so does the first-content deadline
 */
public record AttemptRequest(LlmRequest request, boolean original, HttpHeaders addedHeaders, Duration headDeadline,
        boolean streamed, RequestWritten written) {

    public AttemptRequest {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(addedHeaders, "addedHeaders");
        Objects.requireNonNull(written, "written");
    }

    /** An attempt whose write, if reported, is read by the system clock. */
    public AttemptRequest(LlmRequest request, boolean original, HttpHeaders addedHeaders, Duration headDeadline,
            boolean streamed) {
        this(request, original, addedHeaders, headDeadline, streamed, RequestWritten.bySystemClock());
    }

    /** The app's own request, as it was made, with no deadline of the agent's. */
    public static AttemptRequest originalAsIs(LlmRequest request) {
        return new AttemptRequest(request, true, HttpHeaders.EMPTY, null, true);
    }

    @Override
    public String toString() {
        return (original ? "original " : "rewritten ") + request;
    }
}
