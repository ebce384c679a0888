package io.llmfailover.agent;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A method with an {@link OutcomeHook} around its own code:
 * <pre>
 *   try { outcome = enterHook(this, args..., null...) } catch (Throwable t) { outcome = null }
 *   if (outcome != null) { exitHook(); return (R) outcome.valueOrThrow(); }
 *   try { ...own code, exitHook() before each return... } catch (any) { exitHook(); rethrow }
 * </pre>
 * The catch-all is added after the method's own handlers, so they still catch first.
 */
final class OutcomeHookCode extends HookCode {

    private final OutcomeHook hook;
    private final Type returnType;
    private final Label ownCodeStart = new Label();

    OutcomeHookCode(MethodVisitor writer, OutcomeHook hook, String descriptor, EntryLocals entry) {
        super(writer, entry);
        this.hook = hook;
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
        super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OutcomeHook.OUTCOME, "valueOrThrow", "()Ljava/lang/Object;", false);
        super.visitTypeInsn(Opcodes.CHECKCAST, returnType.getInternalName());
        super.visitInsn(Opcodes.ARETURN);
        super.visitLabel(runOwnCode);
        frame(OutcomeHook.OUTCOME);
        super.visitInsn(Opcodes.POP);
        super.visitLabel(ownCodeStart);
    }

    private void callEnterHook() {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        int arguments = entry().argumentCount();
        for (int i = 1; i <= arguments; i++) {
            super.visitVarInsn(Opcodes.ALOAD, i); // every argument is a reference: one slot each
        }
        for (int i = arguments; i < hook.maxArguments(); i++) {
            super.visitInsn(Opcodes.ACONST_NULL);
        }
        super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.hooksClass(), hook.enterHook(), hook.enterDescriptor(), false);
    }

    private void callExitHook() {
        super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.hooksClass(), hook.exitHook(), "()V", false);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.ARETURN) {
            callExitHook();
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        Label ownCodeEnd = new Label();
        Label rethrow = new Label();
        super.visitLabel(ownCodeEnd);
        super.visitTryCatchBlock(ownCodeStart, ownCodeEnd, rethrow, null);
        super.visitLabel(rethrow);
        frame(THROWABLE);
        callExitHook();
        super.visitInsn(Opcodes.ATHROW);
        // the receiver and every argument slot on the stack, or the outcome and its copy
        super.visitMaxs(Math.max(maxStack, 2 + hook.maxArguments()), maxLocals);
    }
}
