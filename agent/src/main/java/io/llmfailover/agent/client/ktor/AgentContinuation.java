package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import java.util.concurrent.CompletableFuture;
import kotlin.ResultKt;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;

/**
 * The continuation the agent sends a request through the app's engine with: its type is what marks
 * the call as the agent's own (a coroutine hops threads, so no thread-local can), and it hands the
 * engine's outcome to the agent thread that waits for it.
 */
final class AgentContinuation implements Continuation<Object> {

    private final CoroutineContext context;
    private final CompletableFuture<HttpResponseData> response = new CompletableFuture<>();

    private AgentContinuation(CoroutineContext context) {
        this.context = context;
    }

    /**
     * Sends {@code request} through {@code engine} in {@code context}; the future completes on the
     * engine's thread, or at once with what {@code execute} threw before it suspended: Kotlin throws
     * checked exceptions too, such as the app's request timeout that cancelled the call before the
     * attempt could start.
     */
    static CompletableFuture<HttpResponseData> send(HttpClientEngine engine, HttpRequestData request, CoroutineContext context) {
        AgentContinuation continuation = new AgentContinuation(context);
        try {
            Object returned = engine.execute(request, continuation);
            if (returned != IntrinsicsKt.getCOROUTINE_SUSPENDED()) {
                continuation.resumeWith(returned);
            }
        } catch (Throwable failure) {
            continuation.response.completeExceptionally(failure);
        }
        return continuation.response;
    }

    @Override
    public CoroutineContext getContext() {
        return context;
    }

    /** {@code result} is the response, or a boxed failure. */
    @Override
    public void resumeWith(Object result) {
        try {
            ResultKt.throwOnFailure(result);
            response.complete((HttpResponseData) result);
        } catch (Throwable failure) {
            response.completeExceptionally(failure);
        }
    }
}
