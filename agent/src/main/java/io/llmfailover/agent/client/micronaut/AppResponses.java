package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.reactive.RelayedBody;
import io.llmfailover.runtime.contract.LlmResponse;
import io.micronaut.core.convert.ConversionService;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.http.netty.stream.DefaultStreamedHttpResponse;
import io.micronaut.http.netty.stream.StreamedHttpResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.InputStream;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The response the app's client would have made of an answer the runtime made (a fallback's, a
 * translated one, the exhausted chain's, or, for a request that accepts events, any): for
 * {@code exchange}, the body decoded into the type the app asked for; for the streams, Micronaut's
 * streamed response over a body read lazily on agent threads, one SSE event at a time, or one line
 * at a time for a request that accepts events, as Micronaut splits such a stream ({@link SseLines}).
 * An error status becomes the {@code HttpClientResponseException} Micronaut raises. Both response
 * classes are Micronaut's own, whose constructors are not public.
 */
final class AppResponses {

    private static final Scheduler READERS = Schedulers.fromExecutorService(AgentThreads.relays(), "llm-failover");

    private AppResponses() {}

    /** Whether this Micronaut's response classes can be made: a client whose can't is left ungoverned. */
    static boolean available() {
        return MicronautResponseTypes.INSTANCE != null;
    }

    static AppOutcome of(MicronautCall call, LlmResponse answer) throws IOException {
        HttpResponse<?> response = call.streamed() && answer.status() < 400 ? streamed(call, answer) : decoded(call, answer);
        return answer.status() < 400 ? AppOutcome.of(response) : AppOutcome.failed(
                new HttpClientResponseException(HttpResponseStatus.valueOf(answer.status()).reasonPhrase(), response));
    }

    /**
     * Read whole, as Micronaut reads a body it decodes (and an error's, which is small); an error
     * to a request that accepts events from the lines Micronaut would have split it into.
     */
    private static HttpResponse<?> decoded(MicronautCall call, LlmResponse answer) throws IOException {
        byte[] bytes;
        try (InputStream body = answer.body()) {
            bytes = body.readAllBytes();
        } finally {
            answer.close();
        }
        if (call.acceptsEvents()) {
            bytes = SseLines.joined(bytes);
        }
        FullHttpResponse full = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(answer.status()),
                Unpooled.wrappedBuffer(bytes), headersOf(answer), EmptyHttpHeaders.INSTANCE);
        Argument<Object> bodyType = call.streamed() ? null : call.bodyType();
        return MicronautResponseTypes.INSTANCE.full(full, call.client().getHandlerRegistry(), bodyType,
                answer.status() < 400, ConversionService.SHARED);
    }

    private static HttpResponse<?> streamed(MicronautCall call, LlmResponse answer) {
        Flux<byte[]> body = RelayedBody.of(answer, READERS);
        Flux<ByteBuf> buffers = call.acceptsEvents()
                ? SseLines.split(body, call.client().getConfiguration().getMaxContentLength())
                : body.map(Unpooled::wrappedBuffer);
        Publisher<HttpContent> content = buffers.map(DefaultHttpContent::new);
        StreamedHttpResponse streamed = new DefaultStreamedHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()), headersOf(answer), content);
        return MicronautResponseTypes.INSTANCE.streamed(streamed, ConversionService.SHARED);
    }

    private static DefaultHttpHeaders headersOf(LlmResponse answer) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        answer.headers().forEach(headers::add);
        return headers;
    }
}
