package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.Headers;
import io.ktor.http.HeadersBuilder;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import kotlin.ResultKt;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;
import kotlinx.coroutines.Job;

/**
 * One governed Ktor call, run through the call lifecycle on an agent thread: the app's engine and
 * request, the app's suspended continuation, resumed exactly once with the response or the failure,
 * and the call context Ktor made for it, whose job the app's cancellation cancels (and with it every
 * attempt, each a child of it).
 *
 * <p>A call whose job was cancelled (the app cancelled its coroutine, or its {@code HttpTimeout}
 * request timeout cancelled the request) ends with that job's cancellation, whatever the agent made
 * of it meanwhile: Ktor then raises what it raises without the agent (the timeout's {@code
 * HttpRequestTimeoutException}, a {@code TimeoutCancellationException}), since a coroutine resumed
 * with any other failure would end with that one instead.
 */
final class KtorCall implements CallCompletion<HttpResponseData>, CallRequest {

    final HttpClientEngine engine;
    /** The engine's request, or its copy without the agent's own headers once taken ({@link #takeHeader}). */
    HttpRequestData request;
    final URI uri;
    /** The context Ktor runs the call in: the response, and every attempt's job, belong to its job. */
    final CoroutineContext callContext;
    private final Continuation<Object> app;
    private final AppWait appWait = new AppWait();

    KtorCall(HttpClientEngine engine, HttpRequestData request, Continuation<Object> app, CoroutineContext callContext) {
        this.engine = engine;
        this.request = request;
        this.uri = URI.create(request.getUrl().toString());
        this.app = app;
        this.callContext = callContext;
    }

    /** Ktor's requests cannot change: {@code name} goes by taking a copy without it. Its first value, or null. */
    @Override
    public String takeHeader(String name) {
        String value = request.getHeaders().get(name);
        if (value != null) {
            HeadersBuilder without = new HeadersBuilder();
            without.appendAll(request.getHeaders());
            without.remove(name);
            request = new HttpRequestData(request.getUrl(), request.getMethod(), without.build(), request.getBody(),
                    request.getExecutionContext(), request.getAttributes());
        }
        return value;
    }

    /** On the calling coroutine's thread, before the call leaves it: the job's cancellation ends the app's wait. */
    void watchCancellation() {
        Job job = callJob();
        if (job != null) {
            job.invokeOnCompletion(true, true, cause -> {
                if (cause != null) {
                    appWait.abandon();
                }
                return Unit.INSTANCE;
            });
        }
    }

    Job callJob() {
        return callContext.get(Job.Key);
    }

    /** Whether the app still waits: its cancellation ends an attempt waiting for its head. */
    AppWait appWait() {
        return appWait;
    }

    @Override
    public void answered(HttpResponseData response) {
        end(response);
    }

    @Override
    public void failed(Throwable failure) {
        end(ResultKt.createFailure(failure));
    }

    private void end(Object result) {
        resumeApp(appWait.deliver() ? result : ResultKt.createFailure(callJob().getCancellationException()));
    }

    /** The request as the app made it (less the agent's headers), through the app's engine, as the agent's own send. */
    CompletableFuture<HttpResponseData> sendAsMade() {
        return AgentContinuation.send(engine, request, app.getContext());
    }

    /** Sends the call as the app made it, ungoverned, without waiting: the app is resumed with what the engine answers. */
    void sendUngoverned() {
        sendAsMade().whenComplete((response, failure) ->
                resumeApp(failure == null ? response : ResultKt.createFailure(failure)));
    }

    /** Through the app's own dispatcher: the app's code never runs on an agent thread. */
    private void resumeApp(Object result) {
        IntrinsicsKt.intercepted(app).resumeWith(result);
    }

    @Override
    public String methodName() {
        return request.getMethod().getValue();
    }

    @Override
    public URI uri() {
        return uri;
    }

    /** The app's headers; the content type, which Ktor keeps on the content, from the content. */
    @Override
    public LlmRequest toNeutral(byte[] body) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        Headers appHeaders = request.getHeaders();
        for (String name : appHeaders.names()) {
            for (String value : appHeaders.getAll(name)) {
                headers.add(name, value);
            }
        }
        ContentType contentType = request.getBody().getContentType();
        if (contentType != null) {
            headers.set(KtorTransport.CONTENT_TYPE, contentType.toString());
        }
        return new LlmRequest(methodName(), uri, headers.build(), body);
    }
}
