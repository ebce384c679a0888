package io.llmfailover.agent.jdkhttp;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import io.llmfailover.agent.MethodAdvice;
import java.util.List;

/**
 * Hooks the JDK's own {@code HttpClient} implementations: the public facade and the implementation
 * it delegates to ({@link io.llmfailover.agent.bootstrap.CallDepth} keeps the inner one quiet).
 * They are the only subclasses of {@code java.net.http.HttpClient} in {@code java.net.http} on
 * JDK 17 to 25, named exactly so that none of the hundreds of other classes the client loads is
 * parsed or looked up in its hierarchy.
 */
public final class JdkHttpInstrumentation implements ClientInstrumentation {

    private static final String OUTCOME = "io.llmfailover.agent.jdkhttp.JdkHttpOutcomeAdvice";

    @Override
    public List<String> typeNames() {
        return List.of("jdk.internal.net.http.HttpClientImpl", "jdk.internal.net.http.HttpClientFacade");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(
                MethodAdvice.of(isPublic().and(named("send")).and(takesArguments(2)),
                        "io.llmfailover.agent.jdkhttp.JdkHttpSendAdvice", OUTCOME),
                MethodAdvice.of(isPublic().and(named("sendAsync")).and(takesArguments(2).or(takesArguments(3))),
                        "io.llmfailover.agent.jdkhttp.JdkHttpSendAsyncAdvice", OUTCOME));
    }
}
