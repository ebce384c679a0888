package io.llmfailover.agent.restclient;

import io.llmfailover.runtime.http.LlmResponse;
import java.io.InputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/** What the app gets when the runtime's answer is not the request factory's own response: streamed, never buffered. */
final class RelayedClientHttpResponse implements ClientHttpResponse {

    private final LlmResponse answer;
    private final HttpHeaders headers = new HttpHeaders();
    private InputStream body;

    RelayedClientHttpResponse(LlmResponse answer) {
        this.answer = answer;
        answer.headers().forEach(headers::add);
    }

    @Override
    public HttpStatusCode getStatusCode() {
        return HttpStatusCode.valueOf(answer.status());
    }

    @Override
    public String getStatusText() {
        HttpStatus known = HttpStatus.resolve(answer.status());
        return known == null ? "" : known.getReasonPhrase();
    }

    @Override
    public HttpHeaders getHeaders() {
        return headers;
    }

    @Override
    public InputStream getBody() {
        if (body == null) {
            body = answer.body();
        }
        return body;
    }

    @Override
    public void close() {
        answer.close();
    }
}
