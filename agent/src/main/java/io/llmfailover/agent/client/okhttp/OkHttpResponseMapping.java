package io.llmfailover.agent.client.okhttp;

import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.agent.lifecycle.AnswerBody;
import java.io.InputStream;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Okio;

/** Builds the OkHttp response the app gets from a runtime response, its body streamed, never buffered. */
final class OkHttpResponseMapping {

    private OkHttpResponseMapping() {}

    static Response toOkHttp(LlmResponse answer, Request appRequest, Protocol protocol, Call appCall) {
        long now = System.currentTimeMillis();
        return new Response.Builder()
                .request(appRequest)
                .protocol(protocol)
                .code(answer.status())
                .message(reasonPhrase(answer.status()))
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
        long length = answer.headers().first("Content-Length").map(OkHttpResponseMapping::parseLength).orElse(-1L);
        return bodyOf(answer, type, length, appCall);
    }

    private static ResponseBody bodyOf(LlmResponse answer, MediaType type, long length, Call appCall) {
        InputStream body = new CancellableAnswerBody(AnswerBody.of(answer), appCall);
        return ResponseBody.create(type, length, Okio.buffer(Okio.source(body)));
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1L;
        }
    }

    private static String reasonPhrase(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }
}
