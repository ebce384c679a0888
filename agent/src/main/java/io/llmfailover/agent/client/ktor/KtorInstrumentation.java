package io.llmfailover.agent.client.ktor;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks Ktor's {@code CIOEngine.execute}: in bytecode {@code execute(HttpRequestData, Continuation)},
 * returning the response or {@code COROUTINE_SUSPENDED}; the one method every call of a CIO client
 * reaches, below the client's plugins (retries, redirects, timeouts).
 */
public final class KtorInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.ktor.KtorAdapter";

    @Override
    public List<String> typeNames() {
        return List.of("io.ktor.client.engine.cio.CIOEngine");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(named("execute").and(takesArguments(2)), "io.llmfailover.agent.client.ktor.KtorExecuteAdvice"));
    }
}
