package io.llmfailover.runtime.resilience.breaker;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A circuit breaker for one provider and model: a state machine over {@link ClosedState}, {@link
 * OpenState} and {@link HalfOpenState}, held in an atomic reference and swapped by compare-and-set,
 * so no lock is taken on any path.
 *
 * <p>Use: ask {@link #tryAcquire()} before a call; the permission it gives is a lease, {@link
 * BreakerPermit}, on which exactly one outcome is reported: success, failure, or "ignored" for an
 * outcome that says nothing about the provider's health (the caller's own 400, a cancelled call).
 * Releasing it as ignored in {@code finally} is always safe: only the first report counts.
 *
 * <ul>
 *   <li>CLOSED: every call may go. Opens after {@code consecutiveFailures} failures in a row, or
 *       when the last {@code window} holds at least {@code minimumCalls} calls and at least {@code
 *       failureRate} of them failed. A value of 0 or less for {@code consecutiveFailures} turns that
 *       rule off.
 *   <li>OPEN: no call may go for {@code openDuration}; the first permission asked after that moves
 *       the breaker to HALF_OPEN (lazily: {@link #state()} may still say OPEN until then).
 *   <li>HALF_OPEN: at most {@code halfOpenProbes} probes at once. A failed probe reopens it for a
 *       fresh {@code openDuration}; {@code halfOpenProbes} successes close it with fresh metrics. A
 *       probe that never reports expires after {@code openDuration} (at least a second).
 * </ul>
 *
 * <p>An outcome is credited to the state that gave its permission: one from a call let through
 * before the breaker opened changes nothing once it has opened, and never frees a probe slot.
 */
public final class CircuitBreaker {

    private static final Logger LOG = LoggerFactory.getLogger(CircuitBreaker.class);

    private final String name;
    private final BreakerSettings settings;
    private final Clock clock;
    private final AtomicReference<CircuitState> state;
    private final List<BreakerListener> listeners = new CopyOnWriteArrayList<>();
    private final ProbeGate probeGate;

    public CircuitBreaker(String name, BreakerSettings settings, Clock clock) {
        this(name, settings, clock, ProbeGate.OWN_COUNT);
    }

    /** @param probeGate the fleet's say on each half-open probe */
    public CircuitBreaker(String name, BreakerSettings settings, Clock clock, ProbeGate probeGate) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = validated(settings);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.probeGate = Objects.requireNonNull(probeGate, "probeGate");
        this.state = new AtomicReference<>(new ClosedState(this));
    }

    public String name() {
        return name;
    }

    public void addListener(BreakerListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** The permission for one call, or empty when none may go now; see {@link BreakerPermit}. */
    public Optional<BreakerPermit> tryAcquire() {
        return Optional.ofNullable(state.get().tryAcquire());
    }

    public BreakerState state() {
        return state.get().kind();
    }

    /** 0 unless OPEN: how long until probes are let through. */
    public long nanosUntilPermitted() {
        return state.get().nanosUntilPermitted();
    }

    /**
     * Another instance of the fleet opened its breaker of this provider and model: this one opens
     * too, for {@code nanos} from now, but never for longer than its own {@code open-duration}
     * (what the fleet says is input, however long it says), unless it is already open for longer.
     */
    public void openForFleet(long nanos) {
        long bounded = Math.min(nanos, settings.openDuration().toNanos());
        CircuitState current = state.get();
        if (bounded <= 0 || current instanceof ForcedOpenState
                || current.kind() == BreakerState.OPEN && current.nanosUntilPermitted() >= bounded) {
            return;
        }
        transition(current, new OpenState(this, clock.nanoTime() + bounded, false));
    }

    /** Another instance of the fleet saw the provider recover: an open or half-open breaker closes. */
    public void closeNow() {
        CircuitState current = state.get();
        if (current.kind() != BreakerState.CLOSED && !(current instanceof ForcedOpenState)) {
            transition(current, new ClosedState(this));
        }
    }

    /** An operator takes this provider and model out: open until {@link #forceClose()}, whatever happens. */
    public void forceOpen() {
        CircuitState current = state.get();
        while (!(current instanceof ForcedOpenState) && !state.compareAndSet(current, new ForcedOpenState(this))) {
            current = state.get();
        }
        if (current.kind() != BreakerState.OPEN) {
            announce(current.kind(), BreakerState.OPEN);
        }
    }

    /** An operator puts this provider and model back: closed now, with fresh metrics, whatever it was. */
    public void forceClose() {
        CircuitState current = state.get();
        while (current.kind() != BreakerState.CLOSED && !state.compareAndSet(current, new ClosedState(this))) {
            current = state.get();
        }
        if (current.kind() != BreakerState.CLOSED) {
            announce(current.kind(), BreakerState.CLOSED);
        }
    }

    /**
     * Whether this breaker is open because of failures a drill injected (some of them at least): a
     * drill rehearses an outage on this instance alone, so such an opening is not told to the fleet.
     */
    public boolean openedByDrill() {
        return state.get() instanceof OpenState open && open.drilled();
    }

    /** Whether an operator forced this breaker open. */
    public boolean forcedOpen() {
        return state.get() instanceof ForcedOpenState;
    }

    @Override
    public String toString() {
        return "CircuitBreaker[" + name + ", " + state() + "]";
    }

    ProbeGate probeGate() {
        return probeGate;
    }

    BreakerSettings settings() {
        return settings;
    }

    Clock clock() {
        return clock;
    }

    /** @param drilled whether drilled failures count in the opening */
    void open(CircuitState from, boolean drilled) {
        transition(from, new OpenState(this, clock.nanoTime() + settings.openDuration().toNanos(), drilled));
    }

    void halfOpen(CircuitState from) {
        transition(from, new HalfOpenState(this));
    }

    void close(CircuitState from) {
        transition(from, new ClosedState(this));
    }

    /** Only the state that decided to leave can be replaced, so racing decisions apply once. */
    private void transition(CircuitState from, CircuitState to) {
        if (state.compareAndSet(from, to)) {
            announce(from.kind(), to.kind());
        }
    }

    private void announce(BreakerState from, BreakerState to) {
        for (BreakerListener listener : listeners) {
            notify(listener, from, to);
        }
    }

    private void notify(BreakerListener listener, BreakerState from, BreakerState to) {
        try {
            listener.onTransition(this, from, to);
        } catch (RuntimeException e) {
            LOG.warn("llm-failover: breaker listener {} failed on {} -> {} of {}", listener, from, to, name, e);
        }
    }

    private static BreakerSettings validated(BreakerSettings settings) {
        Objects.requireNonNull(settings, "settings");
        if (settings.window().isNegative() || settings.window().isZero()) {
            throw new IllegalArgumentException("breaker.window must be positive, got " + settings.window());
        }
        if (settings.openDuration().isNegative()) {
            throw new IllegalArgumentException(
                    "breaker.open-duration must not be negative, got " + settings.openDuration());
        }
        if (settings.halfOpenProbes() < 1) {
            throw new IllegalArgumentException(
                    "breaker.half-open-probes must be at least 1, got " + settings.halfOpenProbes());
        }
        return settings;
    }
}
