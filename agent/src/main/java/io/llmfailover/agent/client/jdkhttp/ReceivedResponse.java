package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * The client's response to one attempt. Closing the attempt closes the client's body stream, which
 * before the end cancels the exchange without reading on: closing is aborting.
 */
record ReceivedResponse(HttpResponse<?> response) {

    /** @param body the response's body as a stream: the client's own, or over the bytes it read whole */
    static NativeResponse<ReceivedResponse> of(HttpResponse<?> response, InputStream body) {
        return NativeResponse.of(new ReceivedResponse(response), response.statusCode(),
                HttpHeaders.of(response.headers().map()), body);
    }
}
