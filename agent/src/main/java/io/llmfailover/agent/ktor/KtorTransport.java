package io.llmfailover.agent.ktor;

import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpMethod;
import io.ktor.http.URLUtilsKt;
import io.ktor.http.content.ByteArrayContent;
import io.ktor.http.content.OutgoingContent;
import io.llmfailover.agent.lifecycle.HeadWait;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import kotlin.coroutines.CoroutineContext;
import kotlinx.coroutines.CompletableJob;
import kotlinx.coroutines.JobKt;

/**
 * Sends each attempt through the app's own engine (its pool, TLS, proxy, and the app's timeouts,
 * which travel with the request's attributes) with an {@link AgentContinuation}, in a call context
 * of its own whose job is a child of the app's call: cancelling it abandons the exchange and
 * releases its connection, and the app's cancellation cancels it. Waits, on the agent thread, for
 * the head within the agent's deadline; the body stays with the connection.
 */
final class KtorTransport implements Transport {

    static final String CONTENT_TYPE = "Content-Type";
    private static final String CONTENT_LENGTH = "Content-Length";

    private final KtorCall call;

    KtorTransport(KtorCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        CompletableJob job = JobKt.Job(call.callJob());
        CoroutineContext attemptCall = call.callContext.plus(job);
        CoroutineContext context = attemptCall.plus(new KtorCallContextElement(attemptCall));
        try {
            CompletableFuture<HttpResponseData> head = AgentContinuation.send(call.engine, requestFor(attempt), context);
            HttpResponseData response = HeadWait.await(head, attempt.headTimeout(), call.appWait(),
                    late -> job.cancel((CancellationException) null));
            return new KtorLlmResponse(response, job, call.appWait()::abandoned);
        } catch (IOException | RuntimeException | Error failure) {
            job.cancel((CancellationException) null);
            throw failure;
        }
    }

    /** The app's request, with the runtime's added headers, or one rebuilt for another provider. */
    private HttpRequestData requestFor(AttemptRequest attempt) {
        HttpRequestData app = call.request;
        if (attempt.original()) {
            HeadersBuilder headers = new HeadersBuilder(8);
            headers.appendAll(app.getHeaders());
            attempt.addedHeaders().forEach(headers::append);
            return new HttpRequestData(app.getUrl(), app.getMethod(), headers.build(), app.getBody(),
                    app.getExecutionContext(), app.getAttributes());
        }
        LlmRequest sent = attempt.request();
        return new HttpRequestData(URLUtilsKt.Url(sent.uri().toString()), HttpMethod.Companion.parse(sent.method()),
                headersOf(sent.headers()), contentOf(sent), app.getExecutionContext(), app.getAttributes());
    }

    /** Ktor keeps the content type and length on the content, not among the headers. */
    private static io.ktor.http.Headers headersOf(HttpHeaders sent) {
        HeadersBuilder headers = new HeadersBuilder(8);
        sent.forEach((name, value) -> {
            if (!name.equalsIgnoreCase(CONTENT_TYPE) && !name.equalsIgnoreCase(CONTENT_LENGTH)) {
                headers.append(name, value);
            }
        });
        return headers.build();
    }

    private static OutgoingContent contentOf(LlmRequest sent) {
        ContentType type = sent.headers().first(CONTENT_TYPE).map(ContentType.Companion::parse).orElse(null);
        return new ByteArrayContent(sent.body(), type, null);
    }
}
