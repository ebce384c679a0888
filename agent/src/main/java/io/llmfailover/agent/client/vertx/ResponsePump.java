package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.LlmResponse;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Relays an answer's body to the app's handlers: read on an agent thread chunk by chunk, each chunk
 * handed to the app on its own Vert.x context as it arrives (an SSE event reaches the app when the
 * provider sent it), no faster than the app's demand ({@code pause}, {@code resume}, {@code fetch}).
 * As with Vert.x's own response, the body flows from the moment the app has the response, and a
 * chunk that comes while the app has no handler is dropped (so a body the app ignores is still read
 * to its end, releasing the connection). Its end, its failure, or the app's reset closes the answer.
 */
final class ResponsePump {

    private static final int CHUNK_BYTES = 8 * 1024;

    private final LlmResponse answer;
    private final Context context;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition demandGiven = lock.newCondition();
    private final Promise<Void> ended = Promise.promise();
    private long demand = Long.MAX_VALUE;
    private boolean started;
    /** Set under the lock; read without it on the app's context, where nothing is handed on once the app reset. */
    private volatile boolean stopped;
    private Promise<Buffer> whole;
    private volatile Handler<Buffer> data;
    private volatile Handler<Void> end;
    private volatile Handler<Throwable> failure;

    ResponsePump(LlmResponse answer, Context context) {
        this.answer = answer;
        this.context = context;
    }

    void onData(Handler<Buffer> handler) {
        data = handler;
    }

    void onEnd(Handler<Void> handler) {
        end = handler;
    }

    void onFailure(Handler<Throwable> handler) {
        failure = handler;
    }

    /** The whole body, collected in memory as Vert.x's own {@code body()} does. */
    Future<Buffer> body() {
        lock.lock();
        try {
            if (whole == null) {
                whole = Promise.promise();
                Buffer collected = Buffer.buffer();
                Promise<Buffer> all = whole;
                data = collected::appendBuffer;
                ended.future().onComplete(done -> {
                    if (done.succeeded()) {
                        all.tryComplete(collected);
                    } else {
                        all.tryFail(done.cause());
                    }
                });
            }
        } finally {
            lock.unlock();
        }
        resume();
        return whole.future();
    }

    /** Completes when the body ended (read whole, or dropped when the app set no handler for it). */
    Future<Void> end() {
        return ended.future();
    }

    void pause() {
        setDemand(0, false);
    }

    void resume() {
        setDemand(Long.MAX_VALUE, false);
    }

    void fetch(long amount) {
        setDemand(amount, true);
    }

    /** The app reset its request: nothing more is read, and a read waiting for the provider ends at once. */
    void stop() {
        lock.lock();
        try {
            stopped = true;
            demandGiven.signalAll();
        } finally {
            lock.unlock();
        }
        answer.close();
    }

    /** {@link #stop}, for the call's abandon hooks. */
    Runnable stopper() {
        return this::stop;
    }

    private void setDemand(long amount, boolean added) {
        lock.lock();
        try {
            long next = added ? demand + amount : amount;
            demand = next < 0 ? Long.MAX_VALUE : next;
            demandGiven.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts reading, once the app's callbacks for the response have run on its context (where it
     * sets its handlers), as Vert.x's own response flows from then on.
     */
    void start() {
        lock.lock();
        try {
            if (started || stopped) {
                return;
            }
            started = true;
        } finally {
            lock.unlock();
        }
        AgentThreads.relays().execute(this::relay);
    }

    private void relay() {
        try (InputStream body = answer.body()) {
            byte[] chunk = new byte[CHUNK_BYTES];
            while (awaitDemand()) {
                int read = body.read(chunk);
                if (read < 0) {
                    context.runOnContext(v -> ended());
                    return;
                }
                Buffer next = Buffer.buffer(Arrays.copyOf(chunk, read));
                context.runOnContext(v -> delivered(next));
            }
        } catch (IOException | RuntimeException e) {
            Throwable seen = TransportFailure.unwrapped(e);
            context.runOnContext(v -> failed(seen));
        } finally {
            answer.close();
        }
    }

    /** Waits for the app's demand; false once it stopped wanting the body. */
    private boolean awaitDemand() throws IOException {
        lock.lock();
        try {
            while (demand == 0 && !stopped) {
                demandGiven.await();
            }
            if (stopped) {
                return false;
            }
            if (demand != Long.MAX_VALUE) {
                demand--;
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for the app to read");
        } finally {
            lock.unlock();
        }
    }

    private void delivered(Buffer chunk) {
        Handler<Buffer> handler = data;
        if (handler != null && !stopped) {
            handler.handle(chunk);
        }
    }

    private void ended() {
        Handler<Void> handler = end;
        try {
            if (handler != null) {
                handler.handle(null);
            }
        } finally {
            ended.tryComplete();
        }
    }

    private void failed(Throwable cause) {
        Handler<Throwable> handler = failure;
        try {
            if (handler != null) {
                handler.handle(cause);
            }
        } finally {
            ended.tryFail(cause);
        }
    }
}
