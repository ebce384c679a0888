package io.llmfailover.agent.bootstrap;

/** Implemented by the Ktor CIO engine adapter, in a class loader that sees the app's Ktor. */
public interface KtorHook {

    /**
     * Takes over a call of the engine's {@code execute(HttpRequestData, Continuation)}: returns
     * {@code COROUTINE_SUSPENDED} once the call runs on an agent thread, which resumes
     * {@code continuation}; null leaves the call to the engine.
     */
    Object execute(Object engine, Object request, Object continuation);
}
