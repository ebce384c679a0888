package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/**
 * A response whose body is the runtime's answer, streamed, never buffered: one the runtime made or
 * relayed from a fallback, or the request factory's own response whose body the runtime watches.
 * Closing it, or its body, closes the answer.
 */
final class RestClientRelayedResponse implements ClientHttpResponse {

    private final LlmResponse answer;
    private final HttpStatusCode status;
    private final String statusText;
    private final HttpHeaders headers;
    private InputStream body;

    private RestClientRelayedResponse(LlmResponse answer, HttpStatusCode status, String statusText, HttpHeaders headers) {
        this.answer = answer;
        this.status = status;
        this.statusText = statusText;
        this.headers = headers;
    }

    /** The answer's own status, headers and body. */
    static ClientHttpResponse made(LlmResponse answer) {
        HttpHeaders headers = new HttpHeaders();
        answer.headers().forEach(headers::add);
        HttpStatus known = HttpStatus.resolve(answer.status());
        return new RestClientRelayedResponse(answer, HttpStatusCode.valueOf(answer.status()),
                known == null ? "" : known.getReasonPhrase(), headers);
    }

    /** The request factory's own response, its body read through the answer. */
    static ClientHttpResponse ownWithBodyOf(ClientHttpResponse own, LlmResponse answer) throws IOException {
        return new RestClientRelayedResponse(answer, own.getStatusCode(), own.getStatusText(), own.getHeaders());
    }

    @Override
    public HttpStatusCode getStatusCode() {
        return status;
    }

    @Override
    public String getStatusText() {
        return statusText;
    }

    @Override
    public HttpHeaders getHeaders() {
        return headers;
    }

    @Override
    public synchronized InputStream getBody() {
        if (body == null) {
            body = AnswerBody.of(answer);
        }
        return body;
    }

    @Override
    public void close() {
        answer.close();
    }
}
