package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.Response;
import okhttp3.ResponseBody;

/** One attempt's OkHttp response, seen by the runtime; keeps the native response for the app. */
final class OkHttpLlmResponse implements LlmResponse {

    private final Response response;
    private final HttpHeaders headers;
    private final AttemptConnection connection;
    /** The app's call: a body read that fails once it is cancelled is the app's doing, not the provider's. */
    private final Call appCall;

    OkHttpLlmResponse(Response response, AttemptConnection connection, Call appCall) {
        this.response = response;
        this.headers = neutral(response.headers());
        this.connection = connection;
        this.appCall = appCall;
    }

    /** The client's own response, for the app when it answers the app's original request. */
    Response nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.code();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        ResponseBody body = response.body();
        return body == null ? InputStream.nullInputStream() : AbandonableBody.of(body.byteStream(), appCall::isCanceled);
    }

    /**
     * From a deadline's thread: an HTTP/1 exchange is cut at its socket, and the transport closes
     * the response on the app's thread before the next attempt; an HTTP/2 stream's close is safe
     * from any thread.
     */
    @Override
    public void abort() {
        if (!connection.cut()) {
            response.close();
        }
    }

    @Override
    public void close() {
        response.close();
    }

    private static HttpHeaders neutral(Headers headers) {
        HttpHeaders.Builder builder = HttpHeaders.builder();
        for (int i = 0; i < headers.size(); i++) {
            builder.add(headers.name(i), headers.value(i));
        }
        return builder.build();
    }
}
