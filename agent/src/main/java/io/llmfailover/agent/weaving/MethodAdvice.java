package io.llmfailover.agent.weaving;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Advice woven into the methods of a client class that match: one advice class holding both the
 * enter and the exit code, or an enter class and an exit class. Advice classes are named by
 * string, and their class files are read from the agent jar, never loaded as classes.
 */
public record MethodAdvice(ElementMatcher<? super MethodDescription> methods, String enterAdvice, String exitAdvice) {

    public static MethodAdvice of(ElementMatcher<? super MethodDescription> methods, String advice) {
        return new MethodAdvice(methods, advice, advice);
    }

    public static MethodAdvice of(ElementMatcher<? super MethodDescription> methods, String enterAdvice, String exitAdvice) {
        return new MethodAdvice(methods, enterAdvice, exitAdvice);
    }
}
