package io.llmfailover.agent.client.awssdk;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;
import software.amazon.awssdk.http.async.SdkHttpContentPublisher;

/**
 * The SDK's requests, which cannot change, made for an attempt: the app's head with the runtime's
 * headers or another provider's head (sync and async alike), and the async {@code AsyncExecuteRequest}
 * copied with another part (a request without a header, an attempt's request, body and handler).
 */
final class SdkRequests {

    private static final String CONTENT_LENGTH = "Content-Length";
    private static final String HOST = "Host";

    private SdkRequests() {}

    static AsyncExecuteRequest withRequest(AsyncExecuteRequest app, SdkHttpRequest request) {
        return copy(app, request, app.requestContentPublisher(), app.responseHandler());
    }

    /** The app's call as it made it, its body the app's own publisher, answered to {@code handler}. */
    static AsyncExecuteRequest asMade(AsyncExecuteRequest app, SdkAsyncHttpResponseHandler handler) {
        return copy(app, app.request(), app.requestContentPublisher(), handler);
    }

    /** The app's call sent again, with the runtime's added headers and the buffered body. */
    static AsyncExecuteRequest original(AsyncExecuteRequest app, HttpHeaders added, byte[] body,
            SdkAsyncHttpResponseHandler handler) {
        return copy(app, withAdded(app.request(), added), ContentBytes.publisher(body), handler);
    }

    /** The app's request head with the runtime's added headers (trace context). */
    static SdkHttpRequest withAdded(SdkHttpRequest app, HttpHeaders added) {
        SdkHttpRequest.Builder request = app.toBuilder();
        added.forEach(request::putHeader);
        return request.build();
    }

    /**
     * Another provider's request head. The SDK's clients frame the body by the {@code Content-Length}
     * header and name the host themselves, so the one is set for these bytes and the other left to them.
     */
    static SdkHttpRequest rewrittenHead(LlmRequest sent) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(sent.headers().asMap());
        headers.remove(HOST);
        headers.put(CONTENT_LENGTH, List.of(Integer.toString(sent.body().length)));
        return SdkHttpRequest.builder()
                .uri(sent.uri())
                .method(SdkHttpMethod.fromValue(sent.method()))
                .headers(headers)
                .build();
    }

    /** Another provider's request, through the app's async client. */
    static AsyncExecuteRequest rewritten(AsyncExecuteRequest app, LlmRequest sent, SdkAsyncHttpResponseHandler handler) {
        return AsyncExecuteRequest.builder()
                .request(rewrittenHead(sent))
                .requestContentPublisher(ContentBytes.publisher(sent.body()))
                .responseHandler(handler)
                .httpExecutionAttributes(app.httpExecutionAttributes())
                .build();
    }

    private static AsyncExecuteRequest copy(AsyncExecuteRequest app, SdkHttpRequest request,
            SdkHttpContentPublisher content, SdkAsyncHttpResponseHandler handler) {
        return AsyncExecuteRequest.builder()
                .request(request)
                .requestContentPublisher(content)
                .responseHandler(handler)
                .metricCollector(app.metricCollector().orElse(null))
                .fullDuplex(app.fullDuplex())
                .httpExecutionAttributes(app.httpExecutionAttributes())
                .build();
    }
}
