package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Waves of {@link Chains#chat()} calls that arrive together while the virtual clock stands still.
 * A wave runs its calls on real threads, and each call's first request waits at a gate until every
 * call of the wave has sent its first request or finished: they are all in flight at once, as
 * calls are that arrive within one round trip of each other, and whatever the gateway lets through
 * in that moment is what a thundering herd would send. A wave that does not end within {@link
 * #HANG} is a hang and fails the test; it is a deadlock detector, not a speed limit.
 */
final class CallWaves implements AutoCloseable {

    static final Duration HANG = Duration.ofSeconds(30);

    private final Gateway gateway;
    private final Transport providers;
    private final int width;
    private final ExecutorService threads;
    private final ThreadLocal<Boolean> arrived = ThreadLocal.withInitial(() -> false);
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> mostAtOnce = new ConcurrentHashMap<>();
    private volatile CountDownLatch gate;

    CallWaves(Gateway gateway, Transport providers, int width) {
        this.gateway = gateway;
        this.providers = providers;
        this.width = width;
        this.threads = Executors.newFixedThreadPool(width);
    }

    /** Runs one wave of {@code width} calls and returns their answers. */
    List<LlmResponse> arrive() throws Exception {
        gate = new CountDownLatch(width);
        mostAtOnce.clear();
        List<Future<LlmResponse>> calls = new ArrayList<>();
        for (int call = 0; call < width; call++) {
            calls.add(threads.submit(this::call));
        }
        List<LlmResponse> answers = new ArrayList<>();
        for (Future<LlmResponse> call : calls) {
            answers.add(answerOf(call));
        }
        return answers;
    }

    /** The most requests that were in flight at once to this host:port during the last wave. */
    int mostAtOnce(String authority) {
        AtomicInteger most = mostAtOnce.get(authority);
        return most == null ? 0 : most.get();
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }

    private LlmResponse call() throws IOException {
        arrived.set(false);
        try {
            return gateway.execute(Chains.chat(), this::send);
        } finally {
            if (!arrived.get()) {
                gate.countDown();
            }
        }
    }

    private LlmResponse send(AttemptRequest attempt) throws IOException {
        String authority = attempt.request().uri().getAuthority();
        AtomicInteger running = inFlight.computeIfAbsent(authority, a -> new AtomicInteger());
        mostAtOnce.computeIfAbsent(authority, a -> new AtomicInteger()).accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            if (!arrived.get()) {
                arrived.set(true);
                gate.countDown();
                awaitTheWholeWave();
            }
            return providers.send(attempt);
        } finally {
            running.decrementAndGet();
        }
    }

    private void awaitTheWholeWave() {
        try {
            if (!gate.await(HANG.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("a wave of " + width + " calls never all arrived: a call hangs");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the wave", e);
        }
    }

    private static LlmResponse answerOf(Future<LlmResponse> call) throws Exception {
        try {
            return call.get(HANG.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException hung) {
            throw new AssertionError("a call of the wave did not end within " + HANG + ": a hang", hung);
        } catch (ExecutionException failed) {
            throw new AssertionError("a call of the wave failed", failed.getCause());
        }
    }
}
