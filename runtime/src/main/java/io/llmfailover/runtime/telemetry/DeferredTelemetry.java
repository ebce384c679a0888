package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.throttle.SilenceReason;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.throttle.ThrottleListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Telemetry started when the app is about to need it, on a thread of its own: the OpenTelemetry
 * SDK and its exporters are most of the agent's start-up time and memory (nearly all of it loading
 * classes), which an app that makes no LLM call should not pay, and an app that does should not
 * wait for in its {@code main}. The first call that reports to it starts it if nobody did, and
 * waits until it is ready, so no call goes unrecorded; an app that exits before then had nothing
 * to export.
 */
public final class DeferredTelemetry implements Telemetry {

    private final Supplier<Telemetry> starter;
    private final Supplier<Telemetry> fallback;
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
        this.starter = starter;
        this.fallback = fallback;
    }

    /** Starts the telemetry on a daemon thread of its own, unless that was done already. */
    public void startInBackground() {
        if (starting.compareAndSet(false, true)) {
            Thread thread = new Thread(this::start, "llm-failover-telemetry-start");
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void start() {
        try {
            started.complete(starter.get());
        } catch (Throwable broken) {
            started.complete(fallback.get());
        }
    }

    private Telemetry ready() {
        startInBackground();
        return started.join();
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
        if (started.isDone()) {
            ready().shutdown();
        }
    }
}
