package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.ChunkedStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A reactive client's response body read as a blocking stream, one chunk of demand at a time: the
 * runtime reads (and translates) it on an agent thread while the client's event loop only hands
 * chunks over, each already copied out of the client's pooled memory.
 */
public final class ArrivingBody extends ChunkedStream {

    /** The client's side of the body: more demand, or no more of it. */
    public interface Source {
        void requestOne();

        void cancel();
    }

    private static final byte[] END = new byte[0];

    private final BlockingQueue<Object> arrivals = new LinkedBlockingQueue<>();
    private volatile Source source;
    private volatile boolean closed;
    private boolean ended;

    /** The client subscribed: asks for the first chunk, or cancels when the stream was closed first. */
    public void attach(Source subscribed) {
        source = subscribed;
        if (closed) {
            subscribed.cancel();
        } else {
            subscribed.requestOne();
        }
    }

    public void arrived(byte[] chunk) {
        arrivals.add(chunk);
    }

    public void failed(Throwable failure) {
        arrivals.add(failure);
    }

    public void ended() {
        arrivals.add(END);
    }

    /** The next chunk that arrived, waiting for it; null once the body ended or was closed. */
    @Override
    protected byte[] nextChunk() throws IOException {
        if (ended || closed) {
            return null;
        }
        Object arrival;
        try {
            arrival = arrivals.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response body");
        }
        if (arrival == END) {
            ended = true;
            return null;
        }
        if (arrival instanceof Throwable failure) {
            ended = true;
            throw TransportFailure.of(failure); // the client's own failure, for the app to see if it is the app's
        }
        source.requestOne();
        return (byte[]) arrival;
    }

    /** Cancels the body: the client releases (or closes) the connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Source s = source;
        if (s != null) {
            s.cancel();
        }
        arrivals.add(END);
    }
}
