package io.llmfailover.agent.weaving;

import java.util.List;
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
 * Inlines Byte Buddy advice into a client class file, in place. Like the agent builder set up with
 * {@code disableClassFormatChanges()} and {@code TypeStrategy.DECORATE}, no member is added, so
 * loaded classes can be retransformed.
 *
 * <p>Byte Buddy's {@code AgentBuilder} is not used: the first transformer it makes generates and
 * loads a class of its own (its Java 9 module support), which alone loads about 450 of Byte Buddy's
 * classes and was over a third of the agent's start-up, while the advice needs only a type pool, the
 * class's own bytes and an in-place rewrite.
 */
final class AdviceWeaver {

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

    /** Advice classes are read from the agent jar as class files, never loaded as classes. */
    AdviceWeaver(JarFile agentJar) {
        this.adviceClasses = new ClassFileLocator.ForJarFile(agentJar);
    }

    byte[] weave(List<MethodAdvice> advices, String typeName, ClassLoader loader, byte[] classFile) {
        ClassFileLocator clientClasses = ClassFileLocator.ForClassLoader.of(loader);
        ClassFileLocator typeFiles = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(typeName, classFile), clientClasses);
        TypePool types = pool(typeFiles);
        ClassFileLocator adviceFiles = new ClassFileLocator.Compound(adviceClasses, clientClasses);
        TypePool adviceTypes = pool(adviceFiles);
        DynamicType.Builder<?> type = byteBuddy.decorate(types.describe(typeName).resolve(), typeFiles);
        for (MethodAdvice advice : advices) {
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
}
