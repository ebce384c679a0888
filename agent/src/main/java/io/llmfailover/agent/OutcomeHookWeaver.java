package io.llmfailover.agent;

import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Writes {@link OutcomeHook}s into a class file with the ASM that Byte Buddy carries, and nothing
 * else of Byte Buddy: weaving the JDK client's two classes with {@code Advice} loaded about 650 of
 * Byte Buddy's classes and was a quarter of a second of a hello world's start-up.
 *
 * <p>The class keeps its members (so a loaded class can be retransformed), methods not hooked are
 * copied as they are, and no frame is computed: the code added needs frames only where the
 * receiver and the arguments are the locals, as on entry.
 */
final class OutcomeHookWeaver {

    private static final String THROWABLE = "java/lang/Throwable";

    private OutcomeHookWeaver() {}

    /** The class with its hooked methods rewritten, or null when no method of it is hooked. */
    static byte[] weave(byte[] classFile, List<OutcomeHook> hooks) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        HookingClass hooking = new HookingClass(writer, hooks);
        reader.accept(hooking, 0);
        return hooking.hookedMethods == 0 ? null : writer.toByteArray();
    }

    private static final class HookingClass extends ClassVisitor {

        private static final int NOT_HOOKED = Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE
                | Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC;

        private final List<OutcomeHook> hooks;
        private String className;
        int hookedMethods;

        HookingClass(ClassVisitor writer, List<OutcomeHook> hooks) {
            super(Opcodes.ASM9, writer);
            this.hooks = hooks;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            className = name;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
            OutcomeHook hook = hookOf(access, name, descriptor);
            if (hook == null) {
                return method; // the writer itself, so the method's bytes are copied as they are
            }
            hookedMethods++;
            return new HookedMethod(method, hook, className, Type.getMethodType(descriptor));
        }

        private OutcomeHook hookOf(int access, String name, String descriptor) {
            if ((access & Opcodes.ACC_PUBLIC) == 0 || (access & NOT_HOOKED) != 0) {
                return null;
            }
            Type method = Type.getMethodType(descriptor);
            Type[] arguments = method.getArgumentTypes();
            if (!isReference(method.getReturnType())) {
                return null;
            }
            for (Type argument : arguments) {
                if (!isReference(argument)) {
                    return null;
                }
            }
            for (OutcomeHook hook : hooks) {
                if (hook.hooks(name, arguments.length)) {
                    return hook;
                }
            }
            return null;
        }

        private static boolean isReference(Type type) {
            return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
        }
    }

    /**
     * The method with the hooks around its own code:
     * <pre>
     *   try { outcome = enterHook(this, args..., null...) } catch (Throwable t) { outcome = null }
     *   if (outcome != null) { exitHook(); return (R) outcome.valueOrThrow(); }
     *   try { ...own code, exitHook() before each return... } catch (any) { exitHook(); rethrow }
     * </pre>
     * The catch-all is added after the method's own handlers, so they still catch first.
     */
    private static final class HookedMethod extends MethodVisitor {

        private final OutcomeHook hook;
        private final Type method;
        /** The locals on entry (receiver, then arguments), the only ones live where code is added. */
        private final Object[] entryLocals;
        private final Label ownCodeStart = new Label();

        HookedMethod(MethodVisitor writer, OutcomeHook hook, String className, Type method) {
            super(Opcodes.ASM9, writer);
            this.hook = hook;
            this.method = method;
            Type[] arguments = method.getArgumentTypes();
            this.entryLocals = new Object[1 + arguments.length];
            entryLocals[0] = className;
            for (int i = 0; i < arguments.length; i++) {
                entryLocals[1 + i] = arguments[i].getInternalName();
            }
        }

        @Override
        public void visitCode() {
            super.visitCode();
            Label enterStart = new Label();
            Label enterEnd = new Label();
            Label enterFailed = new Label();
            Label decided = new Label();
            Label runOwnCode = new Label();
            super.visitTryCatchBlock(enterStart, enterEnd, enterFailed, THROWABLE);
            super.visitLabel(enterStart);
            callEnterHook();
            super.visitLabel(enterEnd);
            super.visitJumpInsn(Opcodes.GOTO, decided);
            super.visitLabel(enterFailed);
            frameWithOnStack(THROWABLE);
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.ACONST_NULL);
            super.visitLabel(decided);
            frameWithOnStack(OutcomeHook.OUTCOME);
            super.visitInsn(Opcodes.DUP);
            super.visitJumpInsn(Opcodes.IFNULL, runOwnCode);
            callExitHook();
            super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OutcomeHook.OUTCOME, "valueOrThrow", "()Ljava/lang/Object;", false);
            super.visitTypeInsn(Opcodes.CHECKCAST, method.getReturnType().getInternalName());
            super.visitInsn(Opcodes.ARETURN);
            super.visitLabel(runOwnCode);
            frameWithOnStack(OutcomeHook.OUTCOME);
            super.visitInsn(Opcodes.POP);
            super.visitLabel(ownCodeStart);
        }

        private void callEnterHook() {
            super.visitVarInsn(Opcodes.ALOAD, 0);
            int arguments = entryLocals.length - 1;
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

        private void frameWithOnStack(String type) {
            super.visitFrame(Opcodes.F_FULL, entryLocals.length, entryLocals, 1, new Object[] {type});
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
            frameWithOnStack(THROWABLE);
            callExitHook();
            super.visitInsn(Opcodes.ATHROW);
            // the receiver and every argument slot on the stack, or the outcome and its copy
            super.visitMaxs(Math.max(maxStack, 2 + hook.maxArguments()), maxLocals);
        }
    }
}
