package io.llmfailover.agent.client.jdkhttp;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An attempt's body as a stream, one list of buffers asked for at a time. Unlike the JDK's
 * {@code ofInputStream}, which throws as soon as the exchange fails, it hands over every byte that
 * arrived before a stream broke, then the failure: the app then gets what it would have got from
 * its own handler. Closing it cancels the exchange without reading on.
 */
final class AttemptBodyStream extends InputStream implements BodySubscriber<InputStream> {

    private static final Object END = new Object();
    private static final Object CLOSED = new Object();

    /** Lists of buffers as they arrived, then {@link #END}, a failure, or {@link #CLOSED}. */
    private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private volatile boolean closed;
    private Iterator<ByteBuffer> buffers = List.<ByteBuffer>of().iterator();
    private ByteBuffer current = ByteBuffer.allocate(0);
    private Object last;

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (closed) {
            subscription.cancel();
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        arrived.add(item);
    }

    @Override
    public void onError(Throwable failure) {
        arrived.add(failure);
    }

    @Override
    public void onComplete() {
        arrived.add(END);
    }

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (!current.hasRemaining()) {
            if (buffers.hasNext()) {
                current = buffers.next();
            } else if (!nextList()) {
                return -1;
            }
        }
        int read = Math.min(length, current.remaining());
        current.get(bytes, offset, read);
        return read;
    }

    /** Waits for the next list of buffers; false at the end. */
    @SuppressWarnings("unchecked")
    private boolean nextList() throws IOException {
        if (last == null) {
            try {
                Object next = arrived.take();
                if (next instanceof List<?> list) {
                    buffers = ((List<ByteBuffer>) list).iterator();
                    subscription.request(1);
                    return true;
                }
                last = next;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading the response body");
            }
        }
        if (last == END) {
            return false;
        }
        if (last == CLOSED) {
            throw new IOException("closed");
        }
        Throwable failure = (Throwable) last;
        throw new IOException(failure.getMessage(), failure);
    }

    @Override
    public int available() {
        return current.remaining();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        arrived.add(CLOSED);
        Flow.Subscription cancelled = subscription;
        if (cancelled != null) {
            cancelled.cancel();
        }
    }
}
