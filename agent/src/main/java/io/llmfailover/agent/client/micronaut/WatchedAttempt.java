package io.llmfailover.agent.client.micronaut;

import io.micronaut.core.convert.ConversionService;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.MutableHttpRequestWrapper;
import io.netty.channel.Channel;
import java.util.concurrent.CompletableFuture;

/**
 * An attempt's request that tells when the first byte of its answer arrives. Micronaut hands a
 * filter the answer to {@code exchange} only once its whole body is read, so the agent's head
 * deadline watches the connection instead: the client names it in the request's attributes once
 * connected, before the request is written, and a {@link HeadArrivalWatch} goes in front of its pipeline.
 */
final class WatchedAttempt extends MutableHttpRequestWrapper<Object> {

    /** {@code NettyClientHttpRequest.CHANNEL}, which is not public. */
    private static final String CHANNEL = "netty_channel";

    private final CompletableFuture<Void> firstByte = new CompletableFuture<>();
    private volatile HeadArrivalWatch watch;

    WatchedAttempt(MutableHttpRequest<Object> request) {
        super(ConversionService.SHARED, request);
    }

    @Override
    public HttpRequest<Object> setAttribute(CharSequence name, Object value) {
        if (CHANNEL.contentEquals(name) && value instanceof Channel channel) {
            watch = HeadArrivalWatch.install(channel, firstByte);
        }
        return super.setAttribute(name, value);
    }

    /** Completes when the first byte of the answer arrived. */
    CompletableFuture<Void> firstByte() {
        return firstByte;
    }

    /** The answer is in, or given up on: the connection goes back to the pool without the watch. */
    void stopWatching() {
        HeadArrivalWatch current = watch;
        if (current != null) {
            current.remove();
        }
    }
}
