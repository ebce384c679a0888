package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.throttle.SilenceReason;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.throttle.ThrottleListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Telemetry started when the app is about to need it, on a thread of its own: the OpenTelemetry
 * SDK and its exporters are most of the agent's start-up time and memory (nearly all of it loading
 * classes), which an app that makes no LLM call should not pay, and an app that does should not
 * wait for in its {@code main}. The first call that reports to it starts it if nobody did, and
 * waits until it is ready, so no call goes unrecorded; an app that exits before then had nothing
 * to export.
 *
 * <p>The wait is bounded: a start that hangs must not hang the app's calls. The first call waits at
 * most {@code longestWait}; after that, calls go unrecorded (no-op telemetry, said once in the log)
 * without waiting until the start completes. A start that fails, fallback included, leaves no-op
 * telemetry for good: it is never tried again on a later call.
 */
public final class DeferredTelemetry implements Telemetry {

    /** Long enough for the SDK's class loading on a slow machine, short enough that nobody mistakes it for a hang. */
    public static final Duration DEFAULT_LONGEST_WAIT = Duration.ofSeconds(5);

    private final Supplier<Telemetry> starter;
    private final Supplier<Telemetry> fallback;
    private final long longestWaitNanos;
    private volatile boolean waitedInVain;
    private final AtomicBoolean starting = new AtomicBoolean();
    private final CompletableFuture<Telemetry> started = new CompletableFuture<>();
    private final CallObserver observer = (call, route) -> ready().observer().callStarted(call, route);
    private final BreakerListener breakerListener =
            (breaker, from, to) -> ready().breakerListener().onTransition(breaker, from, to);
    private final ThrottleListener throttleListener = new ThrottleListener() {
        @Override
        public void onSilenced(Throttle throttle, SilenceReason reason, long untilNanos, Duration length) {
            ready().throttleListener().onSilenced(throttle, reason, untilNanos, length);
        }

        @Override
        public void onLimitChanged(Throttle throttle, int oldLimit, int newLimit) {
            ready().throttleListener().onLimitChanged(throttle, oldLimit, newLimit);
        }
    };

    /**
     * @param starter starts the telemetry, on a daemon thread
     * @param fallback what to use should the starter itself fail
     */
    public DeferredTelemetry(Supplier<Telemetry> starter, Supplier<Telemetry> fallback) {
        this(starter, fallback, DEFAULT_LONGEST_WAIT);
    }

    /** @param longestWait how long the first call waits for the start before it proceeds unrecorded */
    public DeferredTelemetry(Supplier<Telemetry> starter, Supplier<Telemetry> fallback, Duration longestWait) {
        this.starter = starter;
        this.fallback = fallback;
        this.longestWaitNanos = Math.max(0, longestWait.toNanos());
    }

    /** Starts the telemetry on a daemon thread of its own, unless that was done already. */
    public void startInBackground() {
        if (starting.compareAndSet(false, true)) {
            Thread thread = new Thread(this::start, "llm-failover-telemetry-start");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Always completes {@code started}, whatever the starter and the fallback throw. */
    private void start() {
        Telemetry telemetry = null;
        try {
            telemetry = starter.get();
        } catch (Throwable broken) {
            OnceLogger.internalFailure("starting telemetry", broken);
            telemetry = fallback();
        } finally {
            started.complete(telemetry != null ? telemetry : Telemetry.NOOP);
        }
    }

    private Telemetry fallback() {
        try {
            return fallback.get();
        } catch (Throwable broken) {
            OnceLogger.internalFailure("starting telemetry's fallback", broken);
            return Telemetry.NOOP;
        }
    }

    private Telemetry ready() {
        startInBackground();
        Telemetry ready = started.getNow(null);
        if (ready != null) {
            return ready;
        }
        return waitedInVain ? Telemetry.NOOP : awaitStart();
    }

    private Telemetry awaitStart() {
        try {
            return started.get(longestWaitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException slow) {
            waitedInVain = true;
            OnceLogger.notice("telemetry-slow-start", "llm-failover: telemetry has not started after "
                    + TimeUnit.NANOSECONDS.toMillis(longestWaitNanos) + " ms; calls go unrecorded until it has");
            return Telemetry.NOOP;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Telemetry.NOOP;
        } catch (ExecutionException impossible) {
            return Telemetry.NOOP; // start() never completes it exceptionally
        }
    }

    @Override
    public CallObserver observer() {
        return observer;
    }

    @Override
    public BreakerListener breakerListener() {
        return breakerListener;
    }

    @Override
    public ThrottleListener throttleListener() {
        return throttleListener;
    }

    @Override
    public void flush() {
        ready().flush();
    }

    /** Not started yet means no call was made: nothing to export, and nothing to wait for. */
    @Override
    public void shutdown() {
        Telemetry ready = started.getNow(null);
        if (ready != null) {
            ready.shutdown();
        }
    }
}
