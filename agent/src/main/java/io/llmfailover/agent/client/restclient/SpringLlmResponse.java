package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.RejectedExecutionException;
import org.springframework.http.client.ClientHttpResponse;

/** One attempt's Spring response (head received, body unread), seen by the runtime; keeps the native response for the app. */
final class SpringLlmResponse implements LlmResponse {

    private final ClientHttpResponse response;
    private final int status;
    private final HttpHeaders headers;

    SpringLlmResponse(ClientHttpResponse response) throws IOException {
        this.response = response;
        this.status = response.getStatusCode().value();
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        response.getHeaders().forEach((name, values) -> values.forEach(value -> neutral.add(name, value)));
        this.headers = neutral.build();
    }

    /** The request factory's own response, for the app when it answers the app's own request. */
    ClientHttpResponse nativeResponse() {
        return response;
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

    /** Apache's and {@code HttpURLConnection}'s responses drain their body on close: that is left to an agent thread. */
    @Override
    public void abort() {
        try {
            AgentThreads.relays().execute(response::close);
        } catch (RejectedExecutionException shuttingDown) {
            response.close();
        }
    }

    @Override
    public void close() {
        response.close();
    }
}
