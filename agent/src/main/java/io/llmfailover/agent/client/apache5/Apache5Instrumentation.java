package io.llmfailover.agent.client.apache5;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/** Hooks {@code build()} of Apache HttpClient 5's classic and async client builders. */
public final class Apache5Instrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.apache5.Apache5Adapter";

    private static final String CLASSIC = "org.apache.hc.client5.http.impl.classic.HttpClientBuilder";
    private static final String ASYNC = "org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder";

    @Override
    public List<String> typeNames() {
        return List.of(CLASSIC, ASYNC);
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        String advice = typeName.equals(CLASSIC)
                ? "io.llmfailover.agent.client.apache5.ClassicBuildAdvice"
                : "io.llmfailover.agent.client.apache5.AsyncBuildAdvice";
        return List.of(MethodAdvice.of(named("build").and(takesArguments(0)), advice));
    }
}
