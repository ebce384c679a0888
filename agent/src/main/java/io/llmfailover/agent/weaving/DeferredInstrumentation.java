package io.llmfailover.agent.weaving;

import io.llmfailover.agent.bootstrap.LogLines;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The agent's transformer until the first hooked HTTP client class loads: a look at the class
 * name, and nothing else. The first class the agent hooks builds the client transformer, which
 * then transforms it and every later one (Byte Buddy's {@code Advice} only once a class needs it).
 * An app that never loads a client never pays for it. The first class of each client, hooked or one
 * it loads as the app builds it ({@link ClientModule#entryTypeNames()}), is reported once
 * as that client in use: the installer then starts building the agent's engine, and loading the
 * client's hooked classes, each on a thread of its own, since the app's first call is near. So is
 * an app's class that names one of a client's {@link ClientModule#referencedTypeNames()}:
 * until every such client is in use, the constant pool of each class the app loads is read.
 */
public final class DeferredInstrumentation implements ClassFileTransformer {

    private final Supplier<ClassFileTransformer> clientTransformer;
    private final BiConsumer<ClientModule, ClassLoader> clientInUse;
    private final Set<ClientModule> clientsInUse = ConcurrentHashMap.newKeySet();
    private final ClientReferences references = new ClientReferences(InstrumentedTypes.clients());
    /** Whether an app class may still name a client not in use yet: once none can, no class file is read. */
    private volatile boolean watchingReferences = true;
    private volatile ClassFileTransformer built;

    /** @param clientInUse told once per client, with the loader of its first class, as that class loads */
    public DeferredInstrumentation(Supplier<ClassFileTransformer> clientTransformer,
            BiConsumer<ClientModule, ClassLoader> clientInUse) {
        this.clientTransformer = clientTransformer;
        this.clientInUse = clientInUse;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) throws IllegalClassFormatException {
        ClientModule client = InstrumentedTypes.libraryOf(className);
        if (client == null) {
            if (watchingReferences && classBeingRedefined == null && isTheAppsLoader(loader)) {
                inUse(references.namedBy(classfileBuffer), loader);
            }
            return null;
        }
        if (classBeingRedefined == null) {
            inUse(client, loader);
        }
        if (!InstrumentedTypes.containsClassFile(className)) {
            return null;
        }
        ClassFileTransformer transformer = transformer();
        return transformer == null ? null
                : transformer.transform(module, loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
    }

    private void inUse(ClientModule client, ClassLoader loader) {
        if (client != null && clientsInUse.add(client)) {
            watchingReferences = references.anyBeyond(clientsInUse);
            report(client, loader);
        }
    }

    /** The JDK's own classes (boot and platform loaders) name its HTTP classes without the app using them. */
    private static boolean isTheAppsLoader(ClassLoader loader) {
        return loader != null && loader != PLATFORM;
    }

    private void report(ClientModule client, ClassLoader loader) {
        try {
            clientInUse.accept(client, loader);
        } catch (RuntimeException | LinkageError e) {
            // only what makes the first call cheaper: the call loads and builds what it needs itself
        }
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
            LogLines.error("llm-failover: the client instrumentation could not be set up (" + e
                    + "); HTTP clients run without the agent");
            return NOTHING;
        }
    }

    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private static final ClassFileTransformer NOTHING = new ClassFileTransformer() {};
}
