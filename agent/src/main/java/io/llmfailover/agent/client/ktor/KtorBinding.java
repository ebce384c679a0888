package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.plugins.HttpRequestTimeoutException;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpProtocolVersion;
import io.ktor.http.HttpStatusCode;
import io.ktor.http.content.OutgoingContent;
import io.ktor.util.date.DateJvmKt;
import io.ktor.utils.io.ByteReadChannel;
import io.ktor.utils.io.jvm.javaio.ReadingKt;
import io.ktor.utils.io.pool.ByteArrayPoolKt;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import kotlinx.coroutines.CoroutineDispatcher;
import kotlinx.coroutines.ExecutorsKt;

/**
 * What is Ktor's own in the call lifecycle: its {@code HttpRequestData} and {@code OutgoingContent},
 * the app's engine, and the {@code HttpResponseData} the app's continuation is resumed with. Runs on
 * an agent thread.
 */
final class KtorBinding extends CallBinding<KtorCall, HttpResponseData> {

    static final KtorBinding INSTANCE = new KtorBinding();

    /** Where the relayed body's blocking reads run: agent threads, never the engine's or the app's. */
    private static final CoroutineDispatcher READERS = ExecutorsKt.from((Executor) AgentThreads.relays());

    private KtorBinding() {
        super("Ktor CIO", HttpClientEngine.class.getClassLoader());
    }

    /** The engine's request cannot change, and the engine's own {@code execute} would send it as it is. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.FROM_A_COPY;
    }

    /** Bytes and text are read as they are (they can be sent again); a channel or a writer is not replayable. */
    @Override
    public BufferedBody buffer(KtorCall call, long limit) {
        OutgoingContent body = call.request.getBody();
        if (body instanceof OutgoingContent.NoContent) {
            return BufferedBody.empty();
        }
        if (body instanceof OutgoingContent.ByteArrayContent content) {
            byte[] bytes = content.bytes();
            return bytes.length > limit ? BufferedBody.tooLarge(limit) : BufferedBody.of(bytes);
        }
        return BufferedBody.notReplayable(body.getClass().getName());
    }

    @Override
    public Transport transport(KtorCall call, LlmRequest neutral) {
        return new KtorTransport(call);
    }

    /**
     * The answer's head (the attempt's own when the answer is), its body a channel whose reads take
     * what the answer's stream has, on agent threads; it belongs to the call's context, as the
     * engine's own response does, so that Ktor's end of the response (or its cancellation) closes it.
     * An answer the app gave up on before it was handed over is closed unread.
     */
    @Override
    public HttpResponseData toApp(KtorCall call, Answer answer) {
        HttpResponseData own = NativeResponse.ownOf(answer, HttpResponseData.class);
        InputStream relayed = new KtorRelayedBody(AnswerBody.of(answer));
        call.appWait().onAbandon(() -> closeUnread(relayed));
        ByteReadChannel body = ReadingKt.toByteReadChannelWithArrayPool(relayed,
                call.callContext.plus(READERS), ByteArrayPoolKt.getByteArrayPool());
        if (own != null) {
            return new HttpResponseData(own.getStatusCode(), own.getRequestTime(), own.getHeaders(), own.getVersion(),
                    body, call.callContext);
        }
        HeadersBuilder headers = new HeadersBuilder(8);
        answer.headers().forEach(headers::append);
        return new HttpResponseData(HttpStatusCode.Companion.fromValue(answer.status()), DateJvmKt.GMTDate(null),
                headers.build(), HttpProtocolVersion.Companion.getHTTP_1_1(), body, call.callContext);
    }

    /**
     * An answer the app gave up on before it was handed over: in the cancelled call context its
     * channel may never start reading it, so it is closed here.
     */
    private static void closeUnread(InputStream relayed) {
        try {
            relayed.close();
        } catch (IOException ignored) {
            // closing only drops what nobody reads
        }
    }

    /** The app's request through the app's engine, as it was made (its content can be written again). */
    @Override
    public HttpResponseData proceed(KtorCall call, BufferedBody body) throws IOException {
        try {
            return call.sendAsMade().get();
        } catch (ExecutionException e) {
            throw TransportFailure.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        }
    }

    /** As Ktor reports its own request timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return new HttpRequestTimeoutException("(llm-failover: " + expired.getMessage() + ")", null, expired);
    }
}
