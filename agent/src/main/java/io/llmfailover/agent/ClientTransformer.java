package io.llmfailover.agent;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.FailureLog;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.TypeResolutionStrategy;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.pool.TypePool;

/**
 * Weaves the client instrumentations' advice into the client classes, by exact name, as they load
 * (or as they are retransformed, when the agent attached late). Only this class touches Byte Buddy.
 *
 * <p>Byte Buddy's {@code AgentBuilder} is not used: the first transformer it makes generates and
 * loads a class of its own (its Java 9 module support), which alone loads about 450 of Byte Buddy's
 * classes and was over a third of the agent's start-up, while the advice needs only a type pool, the
 * class's own bytes and an in-place rewrite. Like the agent builder set up with
 * {@code disableClassFormatChanges()} and {@code TypeStrategy.DECORATE}, no member is added, so
 * loaded classes can be retransformed.
 */
final class ClientTransformer implements ClassFileTransformer {

    /** Advice inlined into java.net.http must be able to read the hooks' module. */
    private static final Module HOOKS = AgentHooks.class.getModule();

    /**
     * A client class that loads on a thread while it weaves another loads untouched, as under Byte
     * Buddy's own circularity lock; weaving reads class files only, so it takes an unusual class
     * loader for that to happen at all.
     */
    private static final ThreadLocal<Boolean> WEAVING = new ThreadLocal<>();

    private final Instrumentation instrumentation;
    private final ClassFileLocator adviceClasses;
    /**
     * Nothing is added to a class, so there is nothing to validate, and advice goes into methods the
     * class declares (none of the hooked ones is a bridge): its supertypes need not be parsed into a
     * method graph, which was a third of the cost of weaving the JDK client's classes.
     */
    private final ByteBuddy byteBuddy = new ByteBuddy()
            .with(Implementation.Context.Disabled.Factory.INSTANCE)
            .with(TypeValidation.DISABLED)
            .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);

    private ClientTransformer(Instrumentation instrumentation, ClassFileLocator adviceClasses) {
        this.instrumentation = instrumentation;
        this.adviceClasses = adviceClasses;
    }

    /** The transformer alone, for classes still to load; the caller registers it. */
    static ClassFileTransformer build(Instrumentation instrumentation, JarFile agentJar) {
        return new ClientTransformer(instrumentation, new ClassFileLocator.ForJarFile(agentJar));
    }

    /**
     * Registers the transformer and retransforms the client classes already loaded (a late attach).
     * They are picked out before the transformer is registered: it would otherwise be asked about
     * {@link InstrumentedTypes} itself as that loads, and ask it back (a class circularity error).
     */
    static void installNow(Instrumentation instrumentation, JarFile agentJar) {
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
        ClientInstrumentation client = InstrumentedTypes.instrumentationOf(className);
        if (client == null || WEAVING.get() != null) {
            return null;
        }
        String typeName = className.replace('/', '.');
        WEAVING.set(Boolean.TRUE);
        try {
            byte[] woven = weave(client, typeName, loader, classfileBuffer);
            readHooksFrom(module);
            return woven;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("instrumenting " + typeName, e);
            return null; // the class loads as it was
        } finally {
            WEAVING.remove();
        }
    }

    private byte[] weave(ClientInstrumentation client, String typeName, ClassLoader loader, byte[] classFile) {
        ClassFileLocator clientClasses = ClassFileLocator.ForClassLoader.of(loader);
        ClassFileLocator typeFiles = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(typeName, classFile), clientClasses);
        TypePool types = pool(typeFiles);
        ClassFileLocator adviceFiles = new ClassFileLocator.Compound(adviceClasses, clientClasses);
        TypePool adviceTypes = pool(adviceFiles);
        DynamicType.Builder<?> type = byteBuddy.decorate(types.describe(typeName).resolve(), typeFiles);
        for (MethodAdvice advice : client.adviceFor(typeName)) {
            type = type.visit(advice(advice, adviceTypes, adviceFiles).on(advice.methods()));
        }
        return type.make(TypeResolutionStrategy.Disabled.INSTANCE, types).getBytes();
    }

    private static Advice advice(MethodAdvice advice, TypePool adviceTypes, ClassFileLocator adviceFiles) {
        TypeDescription enter = adviceTypes.describe(advice.enterAdvice()).resolve();
        Advice woven = advice.enterAdvice().equals(advice.exitAdvice())
                ? Advice.to(enter, adviceFiles)
                : Advice.to(enter, adviceTypes.describe(advice.exitAdvice()).resolve(), adviceFiles);
        return woven.withExceptionHandler(Advice.ExceptionHandler.Default.SUPPRESSING);
    }

    /** Types described from class files only, each parsed once it is looked into (skipping debug information). */
    private static TypePool pool(ClassFileLocator classFiles) {
        return new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), classFiles,
                TypePool.Default.ReaderMode.FAST);
    }

    private void readHooksFrom(Module module) {
        if (module != null && module.isNamed() && !module.canRead(HOOKS) && instrumentation.isModifiableModule(module)) {
            instrumentation.redefineModule(module, Set.of(HOOKS), Map.of(), Map.of(), Set.of(), Map.of());
        }
    }
}
