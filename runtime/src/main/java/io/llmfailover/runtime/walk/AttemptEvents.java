package io.llmfailover.runtime.walk;


/**
 * Where one walk publishes each attempt's end. Listeners are registered once, as the walk starts,
 * and each is told of every ending in the order they were registered. A listener that throws stops
 * no other: every one is told, then the first failure is rethrown (any further ones suppressed in
 * it), so that no permit is left unreleased because another listener failed first.
 */
final class AttemptEvents {

    /** One concern's view of how attempts end. */
    @FunctionalInterface
    interface Listener {
        void attemptEnded(AttemptEnded event);
    }

    /** As many as a walk registers: an array, since a walk is made for every call. */
    private final Listener[] listeners = new Listener[8];
    private int count;

    AttemptEvents listen(Listener listener) {
        listeners[count++] = listener;
        return this;
    }

    void publish(AttemptEnded event) {
        Throwable first = null;
        for (int i = 0; i < count; i++) {
            try {
                listeners[i].attemptEnded(event);
            } catch (RuntimeException | Error failure) {
                if (first == null) {
                    first = failure;
                } else {
                    first.addSuppressed(failure);
                }
            }
        }
        if (first instanceof Error error) {
            throw error;
        }
        if (first != null) {
            throw (RuntimeException) first;
        }
    }

    /**
     * Publishes the ending of an attempt that failed with {@code failure}, which the caller throws
     * next: a listener's own failure is suppressed in it rather than thrown in its place.
     */
    void publishFailed(AttemptEnded event, Throwable failure) {
        try {
            publish(event);
        } catch (RuntimeException | Error listener) {
            if (listener != failure) {
                failure.addSuppressed(listener);
            }
        }
    }
}
