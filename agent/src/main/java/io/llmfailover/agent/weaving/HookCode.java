package io.llmfailover.agent.weaving;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What the code {@link HookWeaver} adds around a hook call shares: frames of the method's
 * {@link EntryLocals}, and a call whose {@code Throwable} is caught and dropped. Every instruction
 * added goes straight to the writer, past the subclass's own rewriting of the method's code.
 */
abstract class HookCode extends MethodVisitor {

    static final String THROWABLE = "java/lang/Throwable";

    private final EntryLocals entry;

    HookCode(MethodVisitor writer, EntryLocals entry) {
        super(Opcodes.ASM9, writer);
        this.entry = entry;
    }

    final EntryLocals entry() {
        return entry;
    }

    /** A full frame of the entry locals, with {@code stack} on the operand stack. */
    final void frame(Object... stack) {
        entry.frame(this, stack);
    }

    /**
     * Starts code whose {@code Throwable} goes to {@code handler}; the label returned, visited right
     * after that code, ends it.
     */
    final Label guard(Label handler) {
        Label start = new Label();
        Label end = new Label();
        super.visitTryCatchBlock(start, end, handler, THROWABLE);
        super.visitLabel(start);
        return end;
    }

    /** The handler of a {@link #guard}ed call, where only the entry locals are live: the exception is dropped. */
    final void dropFailure(Label handler) {
        super.visitLabel(handler);
        frame(THROWABLE);
        super.visitInsn(Opcodes.POP);
    }
}
