package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.Headers;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpMethod;
import io.ktor.http.URLUtilsKt;
import io.ktor.http.content.ByteArrayContent;
import io.ktor.http.content.OutgoingContent;
import io.ktor.utils.io.ByteReadChannel;
import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
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
            HttpResponseData response = HeadDeadlineWait.await(head, attempt.headDeadline(), call.appWait(),
                    late -> job.cancel((CancellationException) null));
            return received(response, job);
        } catch (IOException | RuntimeException | Error failure) {
            job.cancel((CancellationException) null);
            throw failure;
        }
    }

    /**
     * One attempt's response, its body a blocking stream over the engine's channel; keeps the native
     * response for the app. Closing it, or its body, ends the attempt's job, a child of the app's call
     * that Ktor waits for before the call ends: once the body ended the job completes and the engine
     * keeps the connection; earlier, cancelling it closes the connection. A read that fails once the
     * app cancelled its call (its request timeout included) is the app's.
     */
    private NativeResponse<HttpResponseData> received(HttpResponseData response, CompletableJob job) {
        ByteReadChannel channel = (ByteReadChannel) response.getBody();
        InputStream body = AbandonableBody.of(new EngineBody(channel, () -> {
            if (channel.isClosedForRead()) {
                job.complete();
            } else {
                job.cancel((CancellationException) null);
            }
        }), call.appWait()::abandoned);
        return NativeResponse.of(response, response.getStatusCode().getValue(), neutral(response.getHeaders()), body)
                .abortedBy(() -> job.cancel((CancellationException) null));
    }

    private static HttpHeaders neutral(Headers headers) {
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (String name : headers.names()) {
            for (String value : headers.getAll(name)) {
                neutral.add(name, value);
            }
        }
        return neutral.build();
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
    private static Headers headersOf(HttpHeaders sent) {
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
