package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.time.AgentThread;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Finished calls, handed by their callers to one telemetry thread that writes their spans and
 * metric points. A caller only appends to a lock-free queue; the thread wakes every
 * {@link #DRAIN_INTERVAL_MILLIS} ms, or when the queue is a quarter full, and works through it, so
 * telemetry takes at most one thread's share of the machine whatever the load. The queue is bounded
 * ({@code otel.bsp.max.queue.size} calls): a call that does not fit goes unrecorded, said once in
 * the log. The thread, and the SDK it starts, come up with the first call, which does not wait for
 * them: its spans are written once the SDK is ready.
 */
final class TelemetryExport {

    static final long DRAIN_INTERVAL_MILLIS = 100;
    /**
     * Calls taken off the queue at a time: the count the callers increment is given back once per
     * batch, not once per call, so the telemetry thread does not contend for it with every caller.
     */
    static final int DRAIN_BATCH = 64;

    private enum Kind { WRITE, FLUSH, STOP }

    private record Request(Kind kind, CompletableFuture<Void> done) {}

    private final Function<TelemetryExport, TelemetryWriter> starter;
    private final int capacity;
    private final ConcurrentLinkedQueue<GenAiCallScope> calls = new ConcurrentLinkedQueue<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicLong dropped = new AtomicLong();
    private final CompletableFuture<Void> writerStarted = new CompletableFuture<>();
    private volatile Thread thread;

    /** @param starter builds the SDK and its writers, on the telemetry thread */
    TelemetryExport(Function<TelemetryExport, TelemetryWriter> starter, int capacity) {
        this.starter = starter;
        this.capacity = Math.max(1, capacity);
    }

    /** Starts the telemetry thread, unless it runs already. Cheap after the first time. */
    void start() {
        if (!started.get() && started.compareAndSet(false, true)) {
            Thread telemetry = AgentThread.daemon("llm-failover-telemetry", this::run);
            thread = telemetry;
            telemetry.start();
        }
    }

    /** Calls that went unrecorded because the queue was full. */
    long droppedCalls() {
        return dropped.get();
    }

    boolean isStarted() {
        return started.get();
    }

    /** The calls handed over and not yet written, as they are now. */
    List<GenAiCallScope> pending() {
        return List.copyOf(calls);
    }

    void submit(GenAiCallScope call) {
        int queued = waiting.incrementAndGet();
        if (queued > capacity) {
            waiting.decrementAndGet();
            if (dropped.incrementAndGet() == 1) {
                OnceLogger.notice("telemetry-queue-full", "llm-failover: more than " + capacity
                        + " finished calls waiting for export (otel.bsp.max.queue.size); calls beyond that go unrecorded");
            }
            return;
        }
        calls.offer(call);
        start();
        if (queued == Math.max(1, capacity / 4)) {
            LockSupport.unpark(thread);
        }
    }

    /** Waits until the SDK has started (or failed to); false when it is still starting after the wait. */
    boolean awaitStart(long waitMillis) {
        return started.get() && await(writerStarted, waitMillis);
    }

    /**
     * Writes every call handed over so far into the SDK, exporting nothing; false when the SDK is
     * still starting (its calls then wait in {@link #pending()}) or that took longer than the wait.
     */
    boolean writePending(long waitMillis) {
        return writerStarted.isDone() && request(Kind.WRITE, waitMillis);
    }

    /** Writes every call handed over so far and exports it; false when that took longer than the wait. */
    boolean flush(long waitMillis) {
        return request(Kind.FLUSH, waitMillis);
    }

    /** Writes and exports what is pending, then stops the SDK; false when that took longer than the wait. */
    boolean stop(long waitMillis) {
        return started.get() && request(Kind.STOP, waitMillis);
    }

    private boolean request(Kind kind, long waitMillis) {
        start();
        CompletableFuture<Void> done = new CompletableFuture<>();
        requests.offer(new Request(kind, done));
        LockSupport.unpark(thread);
        return await(done, waitMillis);
    }

    private static boolean await(CompletableFuture<Void> done, long waitMillis) {
        try {
            done.get(waitMillis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException slow) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException impossible) {
            return false; // run() completes every request normally
        }
    }

    private void run() {
        TelemetryWriter writer = startWriter();
        writerStarted.complete(null);
        while (true) {
            drain(writer);
            Request request;
            while ((request = requests.poll()) != null) {
                drain(writer);
                boolean stop = answer(request, writer);
                if (stop) {
                    return;
                }
            }
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(DRAIN_INTERVAL_MILLIS));
        }
    }

    private TelemetryWriter startWriter() {
        try {
            return starter.apply(this);
        } catch (RuntimeException | LinkageError broken) {
            OnceLogger.internalFailure("starting telemetry", broken);
            return null;
        }
    }

    private void drain(TelemetryWriter writer) {
        GenAiCallScope[] batch = new GenAiCallScope[DRAIN_BATCH];
        int taken;
        while ((taken = take(batch)) > 0) {
            waiting.addAndGet(-taken);
            for (int i = 0; i < taken; i++) {
                if (writer != null) {
                    writer.write(batch[i]);
                }
                batch[i] = null;
            }
        }
    }

    /** @return how many calls were moved from the queue into the batch */
    private int take(GenAiCallScope[] batch) {
        int taken = 0;
        GenAiCallScope call;
        while (taken < batch.length && (call = calls.poll()) != null) {
            batch[taken++] = call;
        }
        return taken;
    }

    /** @return whether the thread stops */
    private static boolean answer(Request request, TelemetryWriter writer) {
        try {
            if (writer != null) {
                switch (request.kind()) {
                    case WRITE -> { } // drained before the request was answered
                    case FLUSH -> writer.flush();
                    case STOP -> writer.shutdown(OtelTelemetry.SHUTDOWN_WAIT_MILLIS);
                }
            }
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("exporting telemetry", internal);
        } finally {
            request.done().complete(null);
        }
        return request.kind() == Kind.STOP;
    }
}
