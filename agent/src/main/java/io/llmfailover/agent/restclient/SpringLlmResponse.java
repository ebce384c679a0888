package io.llmfailover.agent.restclient;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.http.client.ClientHttpResponse;

/** One attempt's Spring response (head received, body unread), seen by the runtime. */
final class SpringLlmResponse implements LlmResponse {

    private final ClientHttpResponse response;
    private final boolean answersAppRequest;
    private final int status;
    private final HttpHeaders headers;

    SpringLlmResponse(ClientHttpResponse response, boolean answersAppRequest) throws IOException {
        this.response = response;
        this.answersAppRequest = answersAppRequest;
        this.status = response.getStatusCode().value();
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        response.getHeaders().forEach((name, values) -> values.forEach(value -> neutral.add(name, value)));
        this.headers = neutral.build();
    }

    /** The request factory's own response, for the app when it answers the app's untouched request. */
    ClientHttpResponse nativeResponse() {
        return response;
    }

    /** True when the attempt was the app's own request, untouched by the runtime. */
    boolean answersAppRequest() {
        return answersAppRequest;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        try {
            return response.getBody();
        } catch (IOException e) {
            throw new UncheckedIOException("the response body could not be opened", e);
        }
    }

    @Override
    public void close() {
        response.close();
    }
}
