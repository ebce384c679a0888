package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CappedCopy;
import java.io.IOException;
import java.io.OutputStream;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.ClientHttpRequest;

/** Request bodies between the app, the agent and a request of the app's factory. */
final class SpringBodies {

    private SpringBodies() {}

    /** A converter's body, read within {@code limit} only when its declared length and repeatability allow. */
    static BufferedBody copy(StreamingHttpOutputMessage.Body body, long length, long limit) throws IOException {
        return CappedCopy.of(length, body.repeatable(), limit, body::writeTo);
    }

    /** Bytes as a request's body, with their length (a streaming request would otherwise send them chunked). */
    static void write(ClientHttpRequest request, byte[] bytes) throws IOException {
        if (bytes == null || bytes.length == 0) {
            return;
        }
        if (request.getHeaders().getContentLength() < 0) {
            request.getHeaders().setContentLength(bytes.length);
        }
        if (request instanceof StreamingHttpOutputMessage streaming) {
            streaming.setBody(new Bytes(bytes));
        } else {
            request.getBody().write(bytes);
        }
    }

    /** The app's own body, handed to a request of its factory as the converter would have: streamed when it can be. */
    static void hand(ClientHttpRequest request, StreamingHttpOutputMessage.Body body) throws IOException {
        if (request instanceof StreamingHttpOutputMessage streaming) {
            streaming.setBody(body);
        } else {
            body.writeTo(request.getBody());
        }
    }

    private static final class Bytes implements StreamingHttpOutputMessage.Body {
        private final byte[] bytes;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            out.write(bytes);
        }

        @Override
        public boolean repeatable() {
            return true;
        }
    }
}
