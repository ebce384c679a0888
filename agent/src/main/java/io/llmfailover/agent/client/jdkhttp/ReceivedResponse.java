package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.WholeBodyStream;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * The client's response to one attempt, and whether the app's own body handler already took its
 * body as the client read it. Closing the attempt closes the client's body stream, which before
 * the end cancels the exchange without reading on: closing is aborting.
 */
record ReceivedResponse(HttpResponse<?> response, boolean bodyDelivered) {

    /** @param body the response's body as a stream: the client's own, or over the bytes it read whole */
    static NativeResponse<ReceivedResponse> of(HttpResponse<?> response, InputStream body) {
        return attempt(response, body, false);
    }

    /** The native response's body is the app's already, and {@code body} the same bytes, for the runtime. */
    static NativeResponse<ReceivedResponse> deliveredToApp(HttpResponse<?> response, byte[] body) {
        return attempt(response, new WholeBodyStream(body), true);
    }

    private static NativeResponse<ReceivedResponse> attempt(HttpResponse<?> response, InputStream body, boolean delivered) {
        return NativeResponse.of(new ReceivedResponse(response, delivered), response.statusCode(),
                HttpHeaders.of(response.headers().map()), body);
    }
}
