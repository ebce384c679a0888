package io.llmfailover.agent.apache4;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import io.llmfailover.agent.MethodAdvice;
import java.util.List;

/** Hooks {@code HttpClientBuilder.decorateProtocolExec}, which every {@code build()} calls. */
public final class Apache4Instrumentation implements ClientInstrumentation {

    @Override
    public List<String> typeNames() {
        return List.of("org.apache.http.impl.client.HttpClientBuilder");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(named("decorateProtocolExec").and(takesArguments(1)),
                "io.llmfailover.agent.apache4.ProtocolExecAdvice"));
    }
}
