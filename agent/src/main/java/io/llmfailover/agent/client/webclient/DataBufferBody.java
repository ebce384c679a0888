package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.agent.lifecycle.reactive.PublishedBody;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.client.reactive.ClientHttpResponse;

/** A connector's response body as an {@link ArrivingBody}: each buffer copied, then released. */
final class DataBufferBody {

    /** Spring's response over Jetty's reactive client, which must get its demand all at once (see {@link PublishedBody}). */
    private static final String JETTY_RESPONSE = "org.springframework.http.client.reactive.JettyClientHttpResponse";

    private DataBufferBody() {}

    static ArrivingBody of(ClientHttpResponse response) {
        return response.getClass().getName().equals(JETTY_RESPONSE)
                ? PublishedBody.askingForAll(response.getBody(), DataBufferBody::copyAndRelease)
                : PublishedBody.of(response.getBody(), DataBufferBody::copyAndRelease);
    }

    private static byte[] copyAndRelease(DataBuffer buffer) {
        byte[] bytes = new byte[buffer.readableByteCount()];
        buffer.read(bytes);
        DataBufferUtils.release(buffer);
        return bytes;
    }
}
