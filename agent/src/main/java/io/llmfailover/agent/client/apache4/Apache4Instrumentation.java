package io.llmfailover.agent.client.apache4;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/** Hooks {@code HttpClientBuilder.decorateProtocolExec}, which every {@code build()} calls. */
public final class Apache4Instrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.apache4.Apache4Adapter";

    @Override
    public List<String> typeNames() {
        return List.of("org.apache.http.impl.client.HttpClientBuilder");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(named("decorateProtocolExec").and(takesArguments(1)),
                "io.llmfailover.agent.client.apache4.ProtocolExecAdvice"));
    }
}
