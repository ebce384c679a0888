package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.bootstrap.JdkHttpHook;
import io.llmfailover.agent.bootstrap.Outcome;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The {@code java.net.http} adapter's entry point. {@code send} runs the governed call on the
 * caller's thread, as the client itself would; {@code sendAsync} returns at once and runs it on
 * the adapter's executor.
 */
public final class JdkHttpAdapter implements JdkHttpHook {

    private final Supplier<CallGovernor> governor;
    private final Executor executor;

    public JdkHttpAdapter() {
        this(AgentRuntime::governor, AgentThreads.shared());
    }

    JdkHttpAdapter(Supplier<CallGovernor> governor, Executor executor) {
        this.governor = governor;
        this.executor = executor;
    }

    @Override
    public Outcome send(Object client, Object request, Object bodyHandler) {
        GovernedCall<?> call = governedCall(client, request, bodyHandler);
        if (call == null) {
            return null;
        }
        try {
            return Outcome.returning(call.run());
        } catch (IOException | InterruptedException e) {
            return Outcome.throwing(e);
        }
    }

    /** Push promises are not offered to a governed call: LLM providers do not push. */
    @Override
    public Outcome sendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        GovernedCall<?> call = governedCall(client, request, bodyHandler);
        if (call == null) {
            return null;
        }
        CompletableFuture<HttpResponse<?>> response = new CompletableFuture<>();
        executor.execute(() -> {
            try {
                response.complete(call.run());
            } catch (Throwable failure) {
                response.completeExceptionally(failure);
            }
        });
        return Outcome.returning(response);
    }

    private GovernedCall<?> governedCall(Object client, Object request, Object bodyHandler) {
        HttpRequest appRequest = (HttpRequest) request;
        if (appRequest == null || bodyHandler == null) {
            return null; // the client itself reports the null argument
        }
        CallGovernor current;
        try {
            current = governor.get();
            if (current == null || !current.governs(appRequest.uri())) {
                return null;
            }
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("HttpClient governs()", e);
            return null;
        }
        return new GovernedCall<>(current, (HttpClient) client, appRequest, (BodyHandler<?>) bodyHandler, executor);
    }
}
