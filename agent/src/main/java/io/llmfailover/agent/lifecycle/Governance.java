package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;

/**
 * The lifecycle's hold on a call it takes, made on the app's thread as it first sees the call
 * ({@link CallLifecycle#start}), as OpenTelemetry's {@code Instrumenter.start} hands back a context:
 * the governor that runs it, and the app's class loader and current span, read there for a call
 * that may run on another thread. A call the agent leaves alone, but whose client could not drop
 * the agent's header in place, is taken too, only to be sent as the app made it.
 */
public final class Governance {

    /** Null for a call sent as the app made it. */
    final CallRunner governor;
    final CallerClassLoader.Captured caller;

    private Governance(CallRunner governor, CallerClassLoader.Captured caller) {
        this.governor = governor;
        this.caller = caller;
    }

    static <C> Governance of(CallRunner governor, ClientBinding<C, ?> binding, C call) {
        return new Governance(governor, CallerClassLoader.capture(binding.clientLoader(call)));
    }

    /** {@code buffer.max-bytes}, for what a client holds of the body before the call runs; 0 for a call sent as made. */
    public long bufferLimit() {
        return governor == null ? 0 : governor.bufferLimit();
    }

    /**
     * The same hold, the caller read again on this thread: a call taken before it starts (a reactive
     * publisher as it is assembled, a connection as it is opened) runs for whoever starts it (the
     * subscriber, the reader of the response), in their span.
     */
    public <C> Governance withCallerHere(ClientBinding<C, ?> binding, C call) {
        return of(governor, binding, call);
    }

    boolean sendsAsTheAppMadeIt() {
        return governor == null;
    }
}
