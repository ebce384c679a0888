package io.llmfailover.agent.lifecycle;

/**
 * How a call run on an agent thread ({@link CallLifecycle#runAsync}) ends for the app: with exactly
 * one of {@link #answered} and {@link #failed}, called on that thread, which the client's own
 * callback, future, sink or continuation then carries to the app.
 *
 * @param <R> the client's response type, as the app gets it
 */
public interface CallCompletion<R> {

    /**
     * Asked on the agent thread before the call runs: the failure the app already ended the call
     * with (it cancelled, aborted or reset it while the call waited for its thread), or null while
     * it waits. A call the app gave up on is never sent, and ends with that failure.
     */
    default Throwable appGaveUp() {
        return null;
    }

    /** The client's response: the chosen answer, or the original call's own when it went ahead as the app made it. */
    void answered(R response);

    /**
     * The call's failure as the app's client raises it: the provider's, the app's own body's or
     * timeout's, the agent's deadline in the client's form, or an internal failure of the agent
     * after the request was sent.
     */
    void failed(Throwable failure);
}
