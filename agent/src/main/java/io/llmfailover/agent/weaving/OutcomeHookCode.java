package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A method with an {@link OutcomeHook} around its own code:
 * <pre>
 *   try { outcome = enterHook(this, ["name",] args boxed..., null...) } catch (Throwable t) { outcome = null }
 *   if (outcome != null) { exitHook(); return (R) outcome.valueOrThrow(); }
 *   try { ...own code, exitHook() before each return... } catch (any) { exitHook(); rethrow }
 * </pre>
 * Without an exit hook, only the first two lines. The catch-all is added after the method's own
 * handlers, so they still catch first.
 */
final class OutcomeHookCode extends HookCode {

    private final OutcomeHook hook;
    private final Type[] arguments;
    private final Type returnType;
    private final Label ownCodeStart = new Label();

    OutcomeHookCode(MethodVisitor writer, OutcomeHook hook, String descriptor, EntryLocals entry) {
        super(writer, entry);
        this.hook = hook;
        this.arguments = Type.getArgumentTypes(descriptor);
        this.returnType = Type.getReturnType(descriptor);
    }

    @Override
    public void visitCode() {
        super.visitCode();
        Label enterFailed = new Label();
        Label decided = new Label();
        Label runOwnCode = new Label();
        Label entered = guard(enterFailed);
        callEnterHook();
        super.visitLabel(entered);
        super.visitJumpInsn(Opcodes.GOTO, decided);
        dropFailure(enterFailed);
        super.visitInsn(Opcodes.ACONST_NULL);
        super.visitLabel(decided);
        frame(OutcomeHook.OUTCOME);
        super.visitInsn(Opcodes.DUP);
        super.visitJumpInsn(Opcodes.IFNULL, runOwnCode);
        callExitHook();
        answer();
        super.visitLabel(runOwnCode);
        frame(OutcomeHook.OUTCOME);
        super.visitInsn(Opcodes.POP);
        super.visitLabel(ownCodeStart);
    }

    private void callEnterHook() {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        if (hook.passesMethodName()) {
            super.visitLdcInsn(hook.methodName());
        }
        int slot = 1;
        for (Type argument : arguments) {
            super.visitVarInsn(argument.getOpcode(Opcodes.ILOAD), slot);
            box(argument);
            slot += argument.getSize();
        }
        for (int i = arguments.length; i < hook.maxArguments(); i++) {
            super.visitInsn(Opcodes.ACONST_NULL);
        }
        super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.hooksClass(), hook.enterHook(), hook.enterDescriptor(), false);
    }

    /** A primitive on the stack becomes its wrapper, as {@code Integer.valueOf} makes it. */
    private void box(Type type) {
        if (OutcomeHook.isReference(type)) {
            return;
        }
        Type wrapper = Type.getObjectType(switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.CHAR -> "java/lang/Character";
            case Type.BYTE -> "java/lang/Byte";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.FLOAT -> "java/lang/Float";
            case Type.LONG -> "java/lang/Long";
            case Type.DOUBLE -> "java/lang/Double";
            default -> throw new IllegalArgumentException("not a value type: " + type);
        });
        super.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper.getInternalName(), "valueOf",
                Type.getMethodDescriptor(wrapper, type), false);
    }

    /** The outcome on the stack is the method's answer: its value returned (nothing from a void method), or its failure thrown. */
    private void answer() {
        super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OutcomeHook.OUTCOME, "valueOrThrow", "()Ljava/lang/Object;", false);
        if (returnType.getSort() == Type.VOID) {
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.RETURN);
            return;
        }
        super.visitTypeInsn(Opcodes.CHECKCAST, returnType.getInternalName());
        super.visitInsn(Opcodes.ARETURN);
    }

    private void callExitHook() {
        if (hook.hasExitHook()) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.hooksClass(), hook.exitHook(), "()V", false);
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.ARETURN || opcode == Opcodes.RETURN) {
            callExitHook();
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (hook.hasExitHook()) {
            Label ownCodeEnd = new Label();
            Label rethrow = new Label();
            super.visitLabel(ownCodeEnd);
            super.visitTryCatchBlock(ownCodeStart, ownCodeEnd, rethrow, null);
            super.visitLabel(rethrow);
            frame(THROWABLE);
            callExitHook();
            super.visitInsn(Opcodes.ATHROW);
        }
        // the receiver, the name and every argument slot on the stack, one of them a long or double
        // before it is boxed; or the outcome and its copy
        super.visitMaxs(Math.max(maxStack, 3 + hook.maxArguments()), maxLocals);
    }
}
