package io.llmfailover.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.function.Supplier;

/**
 * The agent's transformer until the first hooked HTTP client class loads: a look at the class
 * name, and nothing else. The first class the agent hooks builds the client transformer, which
 * then transforms it and every later one (Byte Buddy's {@code Advice} only once a class needs it).
 * An app that never loads a client never pays for it. (The installer has that first class start
 * building the agent's engine too, on a thread of its own; telemetry's SDK starts with the first
 * governed call.)
 */
final class DeferredInstrumentation implements ClassFileTransformer {

    private final Supplier<ClassFileTransformer> clientTransformer;
    private volatile ClassFileTransformer built;

    DeferredInstrumentation(Supplier<ClassFileTransformer> clientTransformer) {
        this.clientTransformer = clientTransformer;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) throws IllegalClassFormatException {
        if (!InstrumentedTypes.containsClassFile(className)) {
            return null;
        }
        ClassFileTransformer transformer = transformer();
        return transformer == null ? null
                : transformer.transform(module, loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
    }

    /** Null when it could not be built: the clients then load untouched, as without the agent. */
    private ClassFileTransformer transformer() {
        ClassFileTransformer transformer = built;
        if (transformer != null) {
            return transformer;
        }
        synchronized (this) {
            if (built == null) {
                built = buildOrNothing();
            }
            return built == NOTHING ? null : built;
        }
    }

    private ClassFileTransformer buildOrNothing() {
        try {
            return clientTransformer.get();
        } catch (RuntimeException | LinkageError e) {
            System.err.println("llm-failover: the client instrumentation could not be set up (" + e
                    + "); HTTP clients run without the agent");
            return NOTHING;
        }
    }

    private static final ClassFileTransformer NOTHING = new ClassFileTransformer() {};
}
