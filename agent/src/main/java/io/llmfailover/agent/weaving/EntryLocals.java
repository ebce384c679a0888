package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The locals an instance method starts with, its receiver then its arguments, as a stack map frame
 * lists them. {@link HookWeaver} writes frames only where these are the locals that matter: before
 * the method's own code, and in handlers placed after it, whose frames declare nothing more.
 */
final class EntryLocals {

    private final Object[] locals;
    private final int argumentCount;

    EntryLocals(String owner, String descriptor) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        this.argumentCount = arguments.length;
        this.locals = new Object[1 + arguments.length];
        locals[0] = owner;
        for (int i = 0; i < arguments.length; i++) {
            locals[1 + i] = frameType(arguments[i]);
        }
    }

    int argumentCount() {
        return argumentCount;
    }

    /** A full frame of these locals, with {@code stack} on the operand stack. */
    void frame(MethodVisitor method, Object... stack) {
        method.visitFrame(Opcodes.F_FULL, locals.length, locals, stack.length, stack);
    }

    private static Object frameType(Type type) {
        switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT:
                return Opcodes.INTEGER;
            case Type.FLOAT:
                return Opcodes.FLOAT;
            case Type.LONG:
                return Opcodes.LONG;
            case Type.DOUBLE:
                return Opcodes.DOUBLE;
            default:
                return type.getInternalName();
        }
    }
}
