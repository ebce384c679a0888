package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.util.Set;

/**
 * Headers that describe one connection, not the message (RFC 9110, 7.6.1), plus those a client
 * derives itself from the URL and body: they never travel from one exchange to another.
 */
public final class HopByHopHeaders {

    private static final Set<String> CONNECTION = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "te", "trailer", "upgrade");
    private static final Set<String> DERIVED_FROM_REQUEST = Set.of("host", "content-length", "expect");

    private HopByHopHeaders() {}

    /** A rewritten attempt's headers, fit to be set on a new request of the app's client. */
    public static HttpHeaders strippedForAttempt(HttpHeaders headers) {
        return without(headers, DERIVED_FROM_REQUEST);
    }

    /**
     * A made answer's headers, fit to be set on a response the adapter builds for the app. A
     * redirect's {@code Location} is dropped: the app's own redirect stage would follow it with the
     * app's credentials (and, on 307 and 308, its prompt).
     */
    public static HttpHeaders strippedForApp(int status, HttpHeaders headers) {
        return without(headers, status >= 300 && status < 400 ? Set.of("location") : Set.of());
    }

    /** The headers themselves when none is dropped, as is usual: no copy made, no name lower-cased. */
    private static HttpHeaders without(HttpHeaders headers, Set<String> alsoDropped) {
        return headers.without(name -> HttpHeaders.isOneOf(name, CONNECTION) || HttpHeaders.isOneOf(name, alsoDropped));
    }
}
