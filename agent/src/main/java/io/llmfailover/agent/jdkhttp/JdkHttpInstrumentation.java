package io.llmfailover.agent.jdkhttp;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Hooks the JDK's own {@code HttpClient} implementations (the public facade and the implementation
 * it delegates to; {@link io.llmfailover.agent.bootstrap.CallDepth} keeps the inner one quiet).
 * Both are named {@code HttpClient...}: the name is checked first so that the hundreds of other
 * classes the client loads on its first call are not looked up in their type hierarchy one by one.
 */
public final class JdkHttpInstrumentation implements ClientInstrumentation {

    private static final String OUTCOME = "io.llmfailover.agent.jdkhttp.JdkHttpOutcomeAdvice";

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(nameStartsWith("jdk.internal.net.http.HttpClient").and(hasSuperType(named("java.net.http.HttpClient"))))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(isPublic().and(named("send")).and(takesArguments(2)),
                                "io.llmfailover.agent.jdkhttp.JdkHttpSendAdvice", OUTCOME)
                        .advice(isPublic().and(named("sendAsync")).and(takesArguments(2).or(takesArguments(3))),
                                "io.llmfailover.agent.jdkhttp.JdkHttpSendAsyncAdvice", OUTCOME));
    }
}
