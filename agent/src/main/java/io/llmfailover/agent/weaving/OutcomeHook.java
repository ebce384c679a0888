package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A client method that may be answered by the agent: on entry a static {@code enterHook} is given
 * the receiver, the method's name when {@code passesMethodName}, and the method's arguments (a
 * primitive boxed; padded with nulls to {@code maxArguments}), all {@code Object} but the name, and
 * returns an {@link io.llmfailover.agent.bootstrap.HookOutcome}; when it is not null, the method's own
 * code is skipped and the outcome's value is returned (nothing, from a {@code void} method) or its
 * failure thrown. On every way out, that skip included, a static no-argument {@code exitHook} runs,
 * when there is one. A hook that throws on entry lets the method run as it was
 * ({@link OutcomeHookCode}).
 *
 * @param methodName       the public instance methods hooked, taking between {@code minArguments} and
 *                         {@code maxArguments} arguments, and returning a reference or nothing
 * @param hooksClass       the internal name of the class holding the hooks
 * @param exitHook         null for none
 * @param passesMethodName whether {@code enterHook} takes the method's name after the receiver, so
 *                         that one hook can serve methods of several names
 */
public record OutcomeHook(String methodName, int minArguments, int maxArguments,
        String hooksClass, String enterHook, String exitHook, boolean passesMethodName) implements Hook {

    static final String OUTCOME = "io/llmfailover/agent/bootstrap/HookOutcome";

    private static final int NOT_HOOKED = Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE
            | Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC;

    public OutcomeHook {
        if (minArguments < 0 || maxArguments < minArguments) {
            throw new IllegalArgumentException("argument counts " + minArguments + ".." + maxArguments);
        }
    }

    /** Hooks in {@link io.llmfailover.agent.bootstrap.AgentHooks}, which every class loader sees. */
    public static OutcomeHook agentHooks(String methodName, int minArguments, int maxArguments, String enterHook,
            String exitHook) {
        return new OutcomeHook(methodName, minArguments, maxArguments, AGENT_HOOKS, enterHook, exitHook, false);
    }

    /** An {@code enterHook} in {@link io.llmfailover.agent.bootstrap.AgentHooks} alone, with no exit hook. */
    public static OutcomeHook agentHook(String methodName, int minArguments, int maxArguments, String enterHook) {
        return agentHooks(methodName, minArguments, maxArguments, enterHook, null);
    }

    /** This hook, its {@code enterHook} given the method's name after the receiver. */
    public OutcomeHook passingMethodName() {
        return new OutcomeHook(methodName, minArguments, maxArguments, hooksClass, enterHook, exitHook, true);
    }

    @Override
    public boolean hooks(int access, String name, String descriptor) {
        if ((access & Opcodes.ACC_PUBLIC) == 0 || (access & NOT_HOOKED) != 0 || !methodName.equals(name)) {
            return false;
        }
        Type method = Type.getMethodType(descriptor);
        int arguments = method.getArgumentTypes().length;
        Type returned = method.getReturnType();
        return arguments >= minArguments && arguments <= maxArguments
                && (returned.getSort() == Type.VOID || isReference(returned));
    }

    /** {@code (Object, [String,] Object, ...)Outcome}: the receiver, the name, then one slot per argument the method may take. */
    String enterDescriptor() {
        return "(Ljava/lang/Object;" + (passesMethodName ? "Ljava/lang/String;" : "")
                + "Ljava/lang/Object;".repeat(maxArguments) + ")L" + OUTCOME + ";";
    }

    boolean hasExitHook() {
        return exitHook != null;
    }

    static boolean isReference(Type type) {
        return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
    }
}
