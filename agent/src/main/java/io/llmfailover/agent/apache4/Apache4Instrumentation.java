package io.llmfailover.agent.apache4;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/** Hooks {@code HttpClientBuilder.decorateProtocolExec}, which every {@code build()} calls. */
public final class Apache4Instrumentation implements ClientInstrumentation {

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(named("org.apache.http.impl.client.HttpClientBuilder"))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("decorateProtocolExec").and(takesArguments(1)),
                                "io.llmfailover.agent.apache4.ProtocolExecAdvice"));
    }
}
