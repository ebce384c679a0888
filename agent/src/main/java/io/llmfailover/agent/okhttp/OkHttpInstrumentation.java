package io.llmfailover.agent.okhttp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import io.llmfailover.agent.MethodAdvice;
import java.util.List;

/** Hooks every {@code okhttp3.OkHttpClient.Builder} constructor (a client made without one uses one too). */
public final class OkHttpInstrumentation implements ClientInstrumentation {

    @Override
    public List<String> typeNames() {
        return List.of("okhttp3.OkHttpClient$Builder");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(
                MethodAdvice.of(isConstructor(), "io.llmfailover.agent.okhttp.OkHttpBuilderAdvice"),
                MethodAdvice.of(named("build").and(takesArguments(0)), "io.llmfailover.agent.okhttp.OkHttpBuilderAdvice$OnBuild"));
    }
}
