package io.llmfailover.agent.bootstrap;

/**
 * Implemented by a client's adapter, in a class loader that sees the app's client: the one method
 * {@link ClientHooks} hands every hook of that client to. Which hooks there are, what each is given
 * and what it answers are agreed between the client's advice and its adapter, both in the client's
 * folder; nothing here names a client.
 */
public interface ClientAdapter {

    /**
     * @param hook the hook's name, as the client's advice gives it ({@code execute}, {@code send})
     * @param receiver the client object the hooked method runs on, or, for a static method, a class of the client's
     * @param arguments what the advice passes on: the method's arguments, or what it is about to return
     * @return the hook's answer, as the advice reads it: an {@link HookOutcome} (null lets the method run),
     *     a value to use instead of one the method was given or returns, a {@link Boolean}, or null for none
     */
    Object hook(String hook, Object receiver, Object[] arguments);
}
