package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.impl.EnglishReasonPhraseCatalog;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;

/**
 * Hands the runtime's answer to the app's callback as the chain below would: the head, then the
 * body, read from the answer's stream as it arrives and fed to the app's data consumer no faster
 * than the capacity it grants, then the end. Runs on a relay thread ({@code AgentThreads.relays()}).
 */
final class Apache5AnswerRelay implements Runnable, Cancellable, CapacityChannel {

    private static final int CHUNK = 8 * 1024;

    private final Answer answer;
    private final GovernedAsyncCall call;
    private final AsyncExecCallback callback;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition granted = lock.newCondition();
    private long capacity;
    private boolean capacityAsked;
    private volatile boolean cancelled;

    Apache5AnswerRelay(Answer answer, GovernedAsyncCall call) {
        this.answer = answer;
        this.call = call;
        this.callback = call.callback;
    }

    @Override
    public void run() {
        try (InputStream body = answer.body()) {
            call.doing(this);
            AsyncDataConsumer consumer = callback.handleResponse(headOf(answer), entityOf(answer));
            if (consumer != null) {
                pump(body, consumer);
            }
            callback.completed();
        } catch (Exception e) {
            callback.failed(cancelled ? new InterruptedIOException("request cancelled") : e);
        } finally {
            answer.close();
        }
    }

    private void pump(InputStream body, AsyncDataConsumer consumer) throws Exception {
        consumer.updateCapacity(this);
        byte[] buffer = new byte[CHUNK];
        for (int read = body.read(buffer); read != -1; read = body.read(buffer)) {
            int offset = 0;
            while (offset < read) {
                int allowed = awaitCapacity(consumer, read - offset);
                consumer.consume(ByteBuffer.wrap(buffer, offset, allowed));
                offset += allowed;
            }
        }
        consumer.streamEnd(null);
    }

    /** Up to {@code wanted} bytes the consumer can take now, asking it for more once it has none. */
    private int awaitCapacity(AsyncDataConsumer consumer, int wanted) throws IOException {
        lock.lock();
        try {
            while (capacity <= 0) {
                if (cancelled) {
                    throw new InterruptedIOException("request cancelled");
                }
                if (!capacityAsked) {
                    capacityAsked = true;
                    lock.unlock();
                    try {
                        consumer.updateCapacity(this);
                    } finally {
                        lock.lock();
                    }
                    continue;
                }
                granted.await();
            }
            int allowed = (int) Math.min(wanted, capacity);
            capacity -= allowed;
            return allowed;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while relaying the response body");
        } finally {
            lock.unlock();
        }
    }

    /** The app's consumer grants room for more body. */
    @Override
    public void update(int increment) {
        lock.lock();
        try {
            capacity = Math.min(Long.MAX_VALUE / 2, capacity + Math.max(0, increment));
            capacityAsked = false;
            granted.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The app cancelled: the answer is abandoned, which aborts its attempt. */
    @Override
    public boolean cancel() {
        cancelled = true;
        lock.lock();
        try {
            granted.signalAll();
        } finally {
            lock.unlock();
        }
        answer.abort();
        return true;
    }

    /** The client's own head when the answer is the app's own request's, else one built from the answer's. */
    private static HttpResponse headOf(Answer answer) {
        AsyncResponseHead own = NativeResponse.ownOf(answer, AsyncResponseHead.class);
        if (own != null) {
            return own.head();
        }
        BasicHttpResponse head = new BasicHttpResponse(answer.status(),
                EnglishReasonPhraseCatalog.INSTANCE.getReason(answer.status(), null));
        answer.headers().forEach(head::addHeader);
        return head;
    }

    private static EntityDetails entityOf(Answer answer) {
        AsyncResponseHead own = NativeResponse.ownOf(answer, AsyncResponseHead.class);
        if (own != null) {
            return own.entity();
        }
        long length = AnswerBody.declaredLength(answer);
        return length == 0 ? null : new AnswerEntity(length, answer.headers().first("Content-Type").orElse(null),
                answer.headers().first("Content-Encoding").orElse(null));
    }

    /** What the app's consumer learns of an answer's body before it arrives. */
    private static final class AnswerEntity implements EntityDetails {
        private final long length;
        private final String contentType;
        private final String contentEncoding;

        AnswerEntity(long length, String contentType, String contentEncoding) {
            this.length = length;
            this.contentType = contentType;
            this.contentEncoding = contentEncoding;
        }

        @Override
        public long getContentLength() {
            return length;
        }

        @Override
        public String getContentType() {
            return contentType;
        }

        @Override
        public String getContentEncoding() {
            return contentEncoding;
        }

        @Override
        public boolean isChunked() {
            return length < 0;
        }

        @Override
        public Set<String> getTrailerNames() {
            return Set.of();
        }
    }
}
