package io.llmfailover.agent.webclient;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.agent.reactive.PublishedBody;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/** A connector's response body as an {@link ArrivingBody}: each buffer copied, then released. */
final class DataBufferBody {

    private DataBufferBody() {}

    static ArrivingBody of(Publisher<DataBuffer> content) {
        return PublishedBody.of(content, DataBufferBody::copyAndRelease);
    }

    private static byte[] copyAndRelease(DataBuffer buffer) {
        byte[] bytes = new byte[buffer.readableByteCount()];
        buffer.read(bytes);
        DataBufferUtils.release(buffer);
        return bytes;
    }
}
