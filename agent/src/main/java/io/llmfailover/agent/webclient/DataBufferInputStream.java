package io.llmfailover.agent.webclient;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * A reactive response body read as a blocking stream, one buffer of demand at a time: the runtime
 * reads (and translates) it on an agent thread while the connector's event loop only hands buffers
 * over. Each buffer is copied and released as it arrives, so no pooled memory outlives a read.
 */
final class DataBufferInputStream extends InputStream implements Subscriber<DataBuffer> {

    private static final byte[] END = new byte[0];

    private final BlockingQueue<Object> arrivals = new LinkedBlockingQueue<>();
    private volatile Subscription subscription;
    private volatile boolean closed;
    private byte[] current = new byte[0];
    private int position;
    private boolean ended;

    /** Subscribes at once, asking for the first buffer. */
    static DataBufferInputStream of(Publisher<DataBuffer> body) {
        DataBufferInputStream stream = new DataBufferInputStream();
        body.subscribe(stream);
        return stream;
    }

    private DataBufferInputStream() {}

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        if (closed) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(DataBuffer buffer) {
        byte[] bytes = new byte[buffer.readableByteCount()];
        buffer.read(bytes);
        DataBufferUtils.release(buffer);
        arrivals.add(bytes);
    }

    @Override
    public void onError(Throwable failure) {
        arrivals.add(failure);
    }

    @Override
    public void onComplete() {
        arrivals.add(END);
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
            throw failure instanceof IOException io ? io : new IOException("the response body broke off", failure);
        } else {
            current = (byte[]) arrival;
            position = 0;
            subscription.request(1);
        }
    }

    /** Cancels the body: the connector releases (or closes) the connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        arrivals.add(END);
    }
}
