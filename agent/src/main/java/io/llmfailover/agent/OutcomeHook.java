package io.llmfailover.agent;

/**
 * A client method hooked at its ends, without Byte Buddy's {@code Advice}: on entry a static
 * {@code enterHook} is given the receiver and the method's arguments (padded with nulls to the
 * hook's {@code 1 + maxArguments} parameters, all {@code Object}) and returns an
 * {@link io.llmfailover.agent.bootstrap.Outcome}; when it is not null, the method's own body is
 * skipped and the outcome's value is returned or its failure thrown. On every way out, that
 * skip included, a static no-argument {@code exitHook} runs. {@link OutcomeHookWeaver} writes
 * both into the class file; a hook that throws on entry lets the method run as it was.
 *
 * @param methodName    the public instance methods hooked, with any of the argument counts between
 *                      {@code minArguments} and {@code maxArguments}, all of reference types
 * @param hooksClass    the internal name of the class holding both hooks
 */
public record OutcomeHook(String methodName, int minArguments, int maxArguments,
        String hooksClass, String enterHook, String exitHook) {

    static final String AGENT_HOOKS = "io/llmfailover/agent/bootstrap/AgentHooks";
    static final String OUTCOME = "io/llmfailover/agent/bootstrap/Outcome";

    public OutcomeHook {
        if (minArguments < 0 || maxArguments < minArguments) {
            throw new IllegalArgumentException("argument counts " + minArguments + ".." + maxArguments);
        }
    }

    /** Hooks in {@link io.llmfailover.agent.bootstrap.AgentHooks}, which every class loader sees. */
    public static OutcomeHook agentHooks(String methodName, int minArguments, int maxArguments, String enterHook,
            String exitHook) {
        return new OutcomeHook(methodName, minArguments, maxArguments, AGENT_HOOKS, enterHook, exitHook);
    }

    boolean hooks(String name, int argumentCount) {
        return methodName.equals(name) && argumentCount >= minArguments && argumentCount <= maxArguments;
    }

    /** {@code (Object, Object, ...)Outcome}: the receiver, then one slot per argument the method may take. */
    String enterDescriptor() {
        return "(" + "Ljava/lang/Object;".repeat(1 + maxArguments) + ")L" + OUTCOME + ";";
    }
}
