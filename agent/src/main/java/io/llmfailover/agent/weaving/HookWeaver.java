package io.llmfailover.agent.weaving;

import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Writes {@link Hook}s into a class file with the ASM that Byte Buddy carries, and nothing else of
 * Byte Buddy: weaving the JDK client's two classes with {@code Advice} loaded about 650 of Byte
 * Buddy's classes and was a quarter of a second of a hello world's start-up.
 *
 * <p>The class keeps its members (so a loaded class can be retransformed), methods not hooked are
 * copied as they are, and no frame is computed: the code added needs frames only where the
 * receiver and the arguments are the locals ({@link EntryLocals}).
 */
final class HookWeaver {

    private HookWeaver() {}

    /** The class with its hooked methods rewritten, or null when no method of it is hooked. */
    static byte[] weave(byte[] classFile, List<Hook> hooks) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        HookingClass hooking = new HookingClass(writer, hooks);
        reader.accept(hooking, 0);
        return hooking.hookedMethods == 0 ? null : writer.toByteArray();
    }

    private static final class HookingClass extends ClassVisitor {

        private final List<Hook> hooks;
        private String className;
        int hookedMethods;

        HookingClass(ClassVisitor writer, List<Hook> hooks) {
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
            for (Hook hook : hooks) {
                if (hook.hooks(access, name, descriptor)) {
                    hookedMethods++;
                    return codeOf(hook, method, descriptor);
                }
            }
            return method; // the writer itself, so the method's bytes are copied as they are
        }

        private MethodVisitor codeOf(Hook hook, MethodVisitor method, String descriptor) {
            EntryLocals entry = new EntryLocals(className, descriptor);
            if (hook instanceof OutcomeHook outcome) {
                return new OutcomeHookCode(method, outcome, descriptor, entry);
            }
            return new ReceiverHookCode(method, (ReceiverHook) hook, entry);
        }
    }
}
