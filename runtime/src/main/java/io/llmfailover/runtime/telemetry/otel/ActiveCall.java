package io.llmfailover.runtime.telemetry.otel;

/**
 * The call the current thread is walking along its chain. Breakers and throttles report their
 * transitions on the thread that caused them, so this is where those events find their span.
 */
final class ActiveCall {

    private static final ThreadLocal<GenAiCallScope> CURRENT = new ThreadLocal<>();

    private ActiveCall() {}

    static GenAiCallScope enter(GenAiCallScope scope) {
        GenAiCallScope previous = CURRENT.get();
        CURRENT.set(scope);
        return previous;
    }

    static void exit(GenAiCallScope scope, GenAiCallScope previous) {
        if (CURRENT.get() == scope) {
            CURRENT.set(previous); // null rather than remove(): the thread's next call reuses its entry
        }
    }

    /** The call in progress on this thread, or null. */
    static GenAiCallScope current() {
        return CURRENT.get();
    }
}
