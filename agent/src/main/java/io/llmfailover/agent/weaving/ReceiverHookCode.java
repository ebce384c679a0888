package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A method or constructor that tells a {@link ReceiverHook} of its receiver, dropping whatever the
 * hook throws: {@code try { hook(this) } catch (Throwable t) {}} on entry to a method, or before
 * each {@code return} of a constructor, where the receiver is initialized. A constructor's handler
 * is placed after its own code and returns from there, as the constructor was about to.
 */
final class ReceiverHookCode extends HookCode {

    private final ReceiverHook hook;
    private final Label hookFailedAtExit = new Label();
    private boolean hookedAtExit;

    ReceiverHookCode(MethodVisitor writer, ReceiverHook hook, EntryLocals entry) {
        super(writer, entry);
        this.hook = hook;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (!hook.atConstructorExit()) {
            callOnEntry();
        }
    }

    private void callOnEntry() {
        Label failed = new Label();
        Label ownCode = new Label();
        Label called = guard(failed);
        callHook();
        super.visitLabel(called);
        super.visitJumpInsn(Opcodes.GOTO, ownCode);
        dropFailure(failed);
        super.visitLabel(ownCode);
        frame();
        super.visitInsn(Opcodes.NOP); // the method's own first frame, if it has one, is at the next instruction
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.RETURN && hook.atConstructorExit()) {
            Label called = guard(hookFailedAtExit);
            callHook();
            super.visitLabel(called);
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
            dropFailure(hookFailedAtExit);
            super.visitInsn(Opcodes.RETURN);
        }
        super.visitMaxs(Math.max(maxStack, 1), maxLocals);
    }
}
