package io.llmfailover.agent;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A method or constructor that tells a {@link ReceiverHook} of its receiver, dropping whatever the
 * hook throws: {@code try { hook(this) } catch (Throwable t) {}} on entry to a method, or before
 * each {@code return} of a constructor, where the receiver is initialized. A constructor's handler
 * is placed after its own code and returns from there, as the constructor was about to.
 */
final class ReceiverHookCode extends MethodVisitor {

    private static final String THROWABLE = "java/lang/Throwable";

    private final ReceiverHook hook;
    private final EntryLocals entry;
    private final Label hookFailedAtExit = new Label();
    private boolean hookedAtExit;

    ReceiverHookCode(MethodVisitor writer, ReceiverHook hook, EntryLocals entry) {
        super(Opcodes.ASM9, writer);
        this.hook = hook;
        this.entry = entry;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (!hook.atConstructorExit()) {
            callOnEntry();
        }
    }

    private void callOnEntry() {
        Label start = new Label();
        Label end = new Label();
        Label failed = new Label();
        Label ownCode = new Label();
        super.visitTryCatchBlock(start, end, failed, THROWABLE);
        super.visitLabel(start);
        callHook();
        super.visitLabel(end);
        super.visitJumpInsn(Opcodes.GOTO, ownCode);
        super.visitLabel(failed);
        entry.frame(this, THROWABLE);
        super.visitInsn(Opcodes.POP);
        super.visitLabel(ownCode);
        entry.frame(this);
        super.visitInsn(Opcodes.NOP); // the method's own first frame, if it has one, is at the next instruction
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.RETURN && hook.atConstructorExit()) {
            Label start = new Label();
            Label end = new Label();
            super.visitTryCatchBlock(start, end, hookFailedAtExit, THROWABLE);
            super.visitLabel(start);
            callHook();
            super.visitLabel(end);
            hookedAtExit = true;
        }
        super.visitInsn(opcode);
    }

    private void callHook() {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.hooksClass(), hook.hook(), ReceiverHook.DESCRIPTOR, false);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (hookedAtExit) {
            super.visitLabel(hookFailedAtExit);
            entry.frame(this, THROWABLE);
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.RETURN);
        }
        super.visitMaxs(Math.max(maxStack, 1), maxLocals);
    }
}
