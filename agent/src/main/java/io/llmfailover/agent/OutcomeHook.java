package io.llmfailover.agent;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A client method that may be answered by the agent: on entry a static {@code enterHook} is given
 * the receiver and the method's arguments (padded with nulls to the hook's
 * {@code 1 + maxArguments} parameters, all {@code Object}) and returns an
 * {@link io.llmfailover.agent.bootstrap.Outcome}; when it is not null, the method's own code is
 * skipped and the outcome's value is returned or its failure thrown. On every way out, that skip
 * included, a static no-argument {@code exitHook} runs. A hook that throws on entry lets the method
 * run as it was ({@link OutcomeHookCode}).
 *
 * @param methodName the public instance methods hooked, taking between {@code minArguments} and
 *                   {@code maxArguments} arguments, all of them and the result of reference types
 * @param hooksClass the internal name of the class holding both hooks
 */
public record OutcomeHook(String methodName, int minArguments, int maxArguments,
        String hooksClass, String enterHook, String exitHook) implements Hook {

    static final String OUTCOME = "io/llmfailover/agent/bootstrap/Outcome";

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
        return new OutcomeHook(methodName, minArguments, maxArguments, AGENT_HOOKS, enterHook, exitHook);
    }

    @Override
    public boolean hooks(int access, String name, String descriptor) {
        if ((access & Opcodes.ACC_PUBLIC) == 0 || (access & NOT_HOOKED) != 0 || !methodName.equals(name)) {
            return false;
        }
        Type method = Type.getMethodType(descriptor);
        Type[] arguments = method.getArgumentTypes();
        if (arguments.length < minArguments || arguments.length > maxArguments || !isReference(method.getReturnType())) {
            return false;
        }
        for (Type argument : arguments) {
            if (!isReference(argument)) {
                return false;
            }
        }
        return true;
    }

    /** {@code (Object, Object, ...)Outcome}: the receiver, then one slot per argument the method may take. */
    String enterDescriptor() {
        return "(" + "Ljava/lang/Object;".repeat(1 + maxArguments) + ")L" + OUTCOME + ";";
    }

    private static boolean isReference(Type type) {
        return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
    }
}
