package io.llmfailover.agent.weaving;

/**
 * A call to a static hook that {@link HookWeaver} writes into the methods of a client class with
 * ASM alone, for clients whose hooks all have one of these simple shapes: Byte Buddy's
 * {@code Advice}, which the other clients use, costs a hello world a quarter of a second to set up,
 * and a cold JVM about 180 ms the first time it weaves a class. Every hook is named by string, so
 * describing one loads nothing.
 *
 * <p>The shapes: a method answered by the agent or left to its own code, a {@code void} one skipped
 * ({@link OutcomeHook}), its arguments boxed and, for a hook serving methods of several names, the
 * method's name passed; and a constructor or method that tells the agent of its receiver
 * ({@link ReceiverHook}). The woven code hands the hook only the receiver, the name and the
 * arguments: what a hook needs of a JDK class's private state it reads by reflection, in a package
 * the agent opens to the hooks' module ({@link ClientModule#packagesOpenedToHooks()}).
 */
public sealed interface Hook permits OutcomeHook, ReceiverHook {

    /** The internal name of {@link io.llmfailover.agent.bootstrap.AgentHooks}, whose hooks every class loader sees. */
    String AGENT_HOOKS = "io/llmfailover/agent/bootstrap/AgentHooks";

    /** Whether the method, by its access flags, name and descriptor, gets this hook. */
    boolean hooks(int access, String name, String descriptor);
}
