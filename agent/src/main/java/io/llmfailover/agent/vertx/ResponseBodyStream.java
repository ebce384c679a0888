package io.llmfailover.agent.vertx;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A paused Vert.x response body read as a blocking stream on an agent thread: each read that needs
 * more asks the response's context for one more buffer, so at most one buffer waits in memory.
 */
final class ResponseBodyStream extends InputStream {

    private static final byte[] END = new byte[0];

    private final HttpClientResponse response;
    private final Context context;
    private final BlockingQueue<Object> arrivals = new LinkedBlockingQueue<>();
    private volatile boolean ended;
    private volatile boolean closed;
    private byte[] current = new byte[0];
    private int position;

    private ResponseBodyStream(HttpClientResponse response, Context context) {
        this.response = response;
        this.context = context;
    }

    /** Called on the response's context, before it hands over its first buffer. */
    static ResponseBodyStream of(HttpClientResponse response) {
        response.pause();
        ResponseBodyStream stream = new ResponseBodyStream(response, Vertx.currentContext());
        BlockingQueue<Object> arrivals = stream.arrivals;
        response.handler(buffer -> arrivals.add(buffer.getBytes()));
        response.exceptionHandler(arrivals::add);
        response.endHandler(end -> arrivals.add(END));
        return stream;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int read = read(one, 0, 1);
        return read < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (position == current.length) {
            if (ended || closed) {
                return -1;
            }
            next();
        }
        int count = Math.min(length, current.length - position);
        System.arraycopy(current, position, target, offset, count);
        position += count;
        return count;
    }

    @Override
    public int available() {
        return current.length - position;
    }

    private void next() throws IOException {
        HttpClientResponse asked = response;
        onContext(() -> asked.fetch(1));
        Object arrival;
        try {
            arrival = arrivals.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response body");
        }
        if (arrival == END) {
            ended = true;
        } else if (arrival instanceof Throwable failure) {
            ended = true;
            throw VertxFailure.of(failure);
        } else {
            current = (byte[]) arrival;
            position = 0;
        }
    }

    /** Unread, the body is cut off: the request is reset, which closes its connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        arrivals.add(END);
        if (!ended) {
            HttpClientResponse cut = response;
            onContext(() -> cut.request().reset());
        }
    }

    private void onContext(Runnable action) {
        if (context == null) {
            action.run();
        } else {
            context.runOnContext(v -> action.run());
        }
    }
}
