package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A static {@code hook(Object receiver)} told of an object of a client class: as each of its
 * constructors returns, or as one of its methods is entered. Whatever the hook throws is dropped:
 * the constructor or method goes on as it was ({@link ReceiverHookCode}).
 *
 * @param methodName {@code <init>} for every constructor, or the instance methods of that name
 * @param arguments  how many arguments the hooked methods take; any number for constructors
 * @param hooksClass the internal name of the class holding the hook
 */
public record ReceiverHook(String methodName, int arguments, String hooksClass, String hook) implements Hook {

    static final String CONSTRUCTOR = "<init>";
    static final String DESCRIPTOR = "(Ljava/lang/Object;)V";

    private static final int ANY_ARGUMENTS = -1;
    private static final int NOT_HOOKED = Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE;

    /** {@code hook} in {@link io.llmfailover.agent.bootstrap.AgentHooks}, as every constructor returns. */
    public static ReceiverHook constructed(String hook) {
        return new ReceiverHook(CONSTRUCTOR, ANY_ARGUMENTS, AGENT_HOOKS, hook);
    }

    /** {@code hook} in {@link io.llmfailover.agent.bootstrap.AgentHooks}, on entry to the methods named so. */
    public static ReceiverHook entering(String methodName, int arguments, String hook) {
        return new ReceiverHook(methodName, arguments, AGENT_HOOKS, hook);
    }

    @Override
    public boolean hooks(int access, String name, String descriptor) {
        return (access & NOT_HOOKED) == 0 && methodName.equals(name)
                && (arguments == ANY_ARGUMENTS || Type.getArgumentTypes(descriptor).length == arguments);
    }

    boolean atConstructorExit() {
        return CONSTRUCTOR.equals(methodName);
    }
}
