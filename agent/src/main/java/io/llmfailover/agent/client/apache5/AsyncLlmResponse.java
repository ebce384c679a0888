package io.llmfailover.agent.client.apache5;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;

/**
 * One async attempt's response, seen by the runtime as a blocking stream fed by the I/O reactor;
 * keeps the native head for the app. Closing it before the body ended aborts the attempt, which
 * releases its connection; nothing ever waits for the rest of the body.
 */
final class AsyncLlmResponse implements LlmResponse {

    private final HttpResponse head;
    private final EntityDetails entity;
    private final ResponseBodyPipe body;
    private final Cancellable attempt;
    private final HttpHeaders headers;

    AsyncLlmResponse(HttpResponse head, EntityDetails entity, ResponseBodyPipe body, Cancellable attempt) {
        this.head = head;
        this.entity = entity;
        this.body = body;
        this.attempt = attempt;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Header header : head.getHeaders()) {
            neutral.add(header.getName(), header.getValue());
        }
        this.headers = neutral.build();
    }

    HttpResponse nativeHead() {
        return head;
    }

    /** The native entity details; null when the response has no body. */
    EntityDetails entityDetails() {
        return entity;
    }

    @Override
    public int status() {
        return head.getCode();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body.stream();
    }

    /** Cancels the exchange and closes its connection, whether or not the body ended. */
    @Override
    public void abort() {
        body.close();
        attempt.cancel();
    }

    @Override
    public void close() {
        boolean unfinished = !body.ended();
        body.close();
        if (unfinished) {
            attempt.cancel();
        }
    }
}
