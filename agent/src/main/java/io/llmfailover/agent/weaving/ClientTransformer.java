package io.llmfailover.agent.weaving;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.FailureLog;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * Weaves the client instrumentations' hooks into the client classes, by exact name, as they load
 * (or as they are retransformed, when the agent attached late): {@link Hook}s directly,
 * advice through Byte Buddy, which is set up only when the first class with advice loads.
 */
public final class ClientTransformer implements ClassFileTransformer {

    /** Code woven into java.net.http must be able to read the hooks' module. */
    private static final Module HOOKS = AgentHooks.class.getModule();

    /**
     * A client class that loads on a thread while it weaves another loads untouched, as under Byte
     * Buddy's own circularity lock; weaving reads class files only, so it takes an unusual class
     * loader for that to happen at all.
     */
    private static final ThreadLocal<Boolean> WEAVING = new ThreadLocal<>();

    private final Instrumentation instrumentation;
    private final JarFile agentJar;
    /** Made by the first class with advice; two classes racing to make it may both, and one is kept. */
    private volatile AdviceWeaver adviceWeaver;

    private ClientTransformer(Instrumentation instrumentation, JarFile agentJar) {
        this.instrumentation = instrumentation;
        this.agentJar = agentJar;
    }

    /** The transformer alone, for classes still to load; the caller registers it. */
    public static ClassFileTransformer build(Instrumentation instrumentation, JarFile agentJar) {
        return new ClientTransformer(instrumentation, agentJar);
    }

    /**
     * Registers the transformer and retransforms the client classes already loaded (a late attach).
     * They are picked out before the transformer is registered: it would otherwise be asked about
     * {@link InstrumentedTypes} itself as that loads, and ask it back (a class circularity error).
     */
    public static void installNow(Instrumentation instrumentation, JarFile agentJar) {
        List<Class<?>> clients = new ArrayList<>();
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (InstrumentedTypes.containsClass(loaded.getName()) && instrumentation.isModifiableClass(loaded)) {
                clients.add(loaded);
            }
        }
        instrumentation.addTransformer(build(instrumentation, agentJar), true);
        for (Class<?> client : clients) {
            retransform(instrumentation, client);
        }
    }

    private static void retransform(Instrumentation instrumentation, Class<?> loaded) {
        try {
            instrumentation.retransformClasses(loaded);
        } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
            FailureLog.once("instrumenting " + loaded.getName(), e);
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        ClientModule client = InstrumentedTypes.instrumentationOf(className);
        if (client == null || WEAVING.get() != null) {
            return null;
        }
        String typeName = className.replace('/', '.');
        WEAVING.set(Boolean.TRUE);
        try {
            if (!readsHooks(module, client.packagesOpenedToHooks())) {
                FailureLog.once("instrumenting " + typeName,
                        new IllegalStateException(module + " cannot be made to read " + HOOKS));
                return null;
            }
            return weave(client, typeName, loader, classfileBuffer);
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("instrumenting " + typeName, e);
            return null; // the class loads as it was
        } finally {
            WEAVING.remove();
        }
    }

    private byte[] weave(ClientModule client, String typeName, ClassLoader loader, byte[] classFile) {
        List<Hook> hooks = client.hooksFor(typeName);
        if (!hooks.isEmpty()) {
            return HookWeaver.weave(classFile, hooks);
        }
        return adviceWeaver().weave(client.adviceFor(typeName), typeName, loader, classFile);
    }

    private AdviceWeaver adviceWeaver() {
        AdviceWeaver weaver = adviceWeaver;
        if (weaver == null) {
            weaver = new AdviceWeaver(agentJar);
            adviceWeaver = weaver;
        }
        return weaver;
    }

    /**
     * Whether code woven into the module can call the hooks, once a read edge is added where one is
     * missing, and the packages the hooks read by reflection are opened to them.
     */
    private boolean readsHooks(Module module, List<String> packagesRead) {
        if (module == null || !module.isNamed()) {
            return true;
        }
        Map<String, Set<Module>> opens = new HashMap<>();
        for (String read : packagesRead) {
            if (module.getPackages().contains(read) && !module.isOpen(read, HOOKS)) {
                opens.put(read, Set.of(HOOKS));
            }
        }
        if (module.canRead(HOOKS) && opens.isEmpty()) {
            return true;
        }
        if (!instrumentation.isModifiableModule(module)) {
            return false;
        }
        instrumentation.redefineModule(module, Set.of(HOOKS), Map.of(), opens, Set.of(), Map.of());
        return true;
    }
}
