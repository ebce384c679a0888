package io.llmfailover.agent.bootstrap;

/**
 * What a governed call produced, handed back to the advice that skipped the original method:
 * either the value to return or the exception to throw.
 */
public final class HookOutcome {

    private final Object value;
    private final Throwable failure;

    private HookOutcome(Object value, Throwable failure) {
        this.value = value;
        this.failure = failure;
    }

    public static HookOutcome returning(Object value) {
        return new HookOutcome(value, null);
    }

    public static HookOutcome throwing(Throwable failure) {
        return new HookOutcome(null, failure);
    }

    public Object value() {
        return value;
    }

    /** The exception the app sees, or null when the call returned normally. */
    public Throwable failure() {
        return failure;
    }

    /** What the hooked method answers: the value returned, or the failure thrown (checked or not). */
    public Object valueOrThrow() throws Throwable {
        if (failure != null) {
            throw failure;
        }
        return value;
    }
}
