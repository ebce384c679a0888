package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.ReasonPhrase;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Okio;

/**
 * Between OkHttp's response and the runtime's: an attempt's response as the runtime sees it, and
 * the OkHttp response the app gets from a runtime response, its body streamed, never buffered.
 */
final class OkHttpResponseMapping {

    private OkHttpResponseMapping() {}

    /**
     * One attempt's response, seen by the runtime; keeps the native response for the app. A body
     * read that fails once the app's call is cancelled is the app's doing, not the provider's. It
     * closes through the response. It aborts from a deadline's thread: an HTTP/1 exchange is cut at
     * its socket, and the transport closes the response on the app's thread before the next
     * attempt; an HTTP/2 stream's close is safe from any thread.
     */
    static NativeResponse<Response> toNeutral(Response response, AttemptConnection connection, Call appCall) {
        return NativeResponse.opening(response, response.code(), neutral(response.headers()), () -> {
            ResponseBody body = response.body();
            return body == null ? InputStream.nullInputStream() : AbandonableBody.of(body.byteStream(), appCall::isCanceled);
        }).closedBy(response::close).abortedBy(() -> {
            if (!connection.cut()) {
                response.close();
            }
        });
    }

    private static HttpHeaders neutral(Headers headers) {
        HttpHeaders.Builder builder = HttpHeaders.builder();
        for (int i = 0; i < headers.size(); i++) {
            builder.add(headers.name(i), headers.value(i));
        }
        return builder.build();
    }

    static Response toOkHttp(LlmResponse answer, Request appRequest, Protocol protocol, Call appCall) {
        long now = System.currentTimeMillis();
        return new Response.Builder()
                .request(appRequest)
                .protocol(protocol)
                .code(answer.status())
                .message(ReasonPhrase.of(answer.status()))
                .headers(headersOf(answer))
                .body(bodyOf(answer, appCall))
                .sentRequestAtMillis(now)
                .receivedResponseAtMillis(now)
                .build();
    }

    private static Headers headersOf(LlmResponse answer) {
        Headers.Builder headers = new Headers.Builder();
        answer.headers().forEach((name, value) -> {
            try {
                headers.add(name, value);
            } catch (IllegalArgumentException notAsciiOrMalformed) {
                // OkHttp refuses such a header; the app would not have seen it either.
            }
        });
        return headers.build();
    }

    /** The client's own response, its body replaced by the answer's (the same bytes, watched on their way). */
    static Response withBody(Response upstream, LlmResponse answer, Call appCall) {
        ResponseBody own = upstream.body();
        MediaType type = own == null ? null : own.contentType();
        long length = own == null ? -1L : own.contentLength();
        return upstream.newBuilder().body(bodyOf(answer, type, length, appCall)).build();
    }

    private static ResponseBody bodyOf(LlmResponse answer, Call appCall) {
        MediaType type = answer.headers().first("Content-Type").map(MediaType::parse).orElse(null);
        long length = AnswerBody.declaredLength(answer);
        return bodyOf(answer, type, length, appCall);
    }

    private static ResponseBody bodyOf(LlmResponse answer, MediaType type, long length, Call appCall) {
        InputStream body = new CancellableAnswerBody(AnswerBody.of(answer), appCall);
        return ResponseBody.create(type, length, Okio.buffer(Okio.source(body)));
    }
}
