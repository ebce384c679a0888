package io.llmfailover.agent;

/**
 * A call to a static hook that {@link HookWeaver} writes into the methods of a client class with
 * ASM alone, for clients whose hooks all have one of these simple shapes: Byte Buddy's
 * {@code Advice}, which the other clients use, costs a hello world a quarter of a second to set up.
 * Every hook is named by string, so describing one loads nothing.
 */
public sealed interface Hook permits OutcomeHook, ReceiverHook {

    /** The internal name of {@link io.llmfailover.agent.bootstrap.AgentHooks}, whose hooks every class loader sees. */
    String AGENT_HOOKS = "io/llmfailover/agent/bootstrap/AgentHooks";

    /** Whether the method, by its access flags, name and descriptor, gets this hook. */
    boolean hooks(int access, String name, String descriptor);
}
