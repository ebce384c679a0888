package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.TransportFailure;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.io.Content;

/**
 * Reads the app's request content into memory, on an agent thread, then rewinds it, so that a
 * call sent as if the agent were absent still has it whole. Only content that can be rewound
 * (bytes, strings, forms, files) is read: a one-shot source (an {@code AsyncRequestContent}, an
 * input or output stream) is left unread and its call passes through.
 */
final class RequestContentBytes {

    private RequestContentBytes() {}

    static BufferedBody read(Request.Content content, long limit) throws IOException {
        if (content == null) {
            return BufferedBody.empty();
        }
        if (content.getLength() > limit) {
            return BufferedBody.tooLarge(limit);
        }
        if (!content.rewind()) {
            return BufferedBody.notReplayable(content.getClass().getSimpleName() + ", which cannot be rewound");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            while (true) {
                Content.Chunk chunk = content.read();
                if (chunk == null) {
                    awaitDemand(content);
                    continue;
                }
                try {
                    if (Content.Chunk.isFailure(chunk)) {
                        throw TransportFailure.of(chunk.getFailure());
                    }
                    ByteBuffer data = chunk.getByteBuffer();
                    if (bytes.size() + (long) data.remaining() > limit) {
                        return BufferedBody.tooLarge(limit);
                    }
                    byte[] copy = new byte[data.remaining()];
                    data.slice().get(copy);
                    bytes.write(copy);
                    if (chunk.isLast()) {
                        return BufferedBody.of(bytes.toByteArray());
                    }
                } finally {
                    chunk.release();
                }
            }
        } finally {
            content.rewind();
        }
    }

    private static void awaitDemand(Content.Source content) throws InterruptedIOException {
        CountDownLatch ready = new CountDownLatch(1);
        content.demand(ready::countDown);
        try {
            ready.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the request content");
        }
    }
}
