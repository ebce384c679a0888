package io.llmfailover.agent.client.micronaut;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

/** In front of an attempt's connection: notes the first byte that arrives, then leaves the pipeline. */
final class HeadArrivalWatch extends ChannelInboundHandlerAdapter {

    private static final String NAME = "llm-failover-first-byte";

    private final Channel channel;
    private final CompletableFuture<Void> firstByte;

    private HeadArrivalWatch(Channel channel, CompletableFuture<Void> firstByte) {
        this.channel = channel;
        this.firstByte = firstByte;
    }

    static HeadArrivalWatch install(Channel channel, CompletableFuture<Void> firstByte) {
        HeadArrivalWatch watch = new HeadArrivalWatch(channel, firstByte);
        channel.pipeline().addFirst(NAME, watch);
        return watch;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        firstByte.complete(null);
        remove();
        ctx.fireChannelRead(msg);
    }

    void remove() {
        try {
            if (channel.pipeline().context(this) != null) {
                channel.pipeline().remove(this);
            }
        } catch (NoSuchElementException alreadyGone) {
            // removed by the read that raced this
        }
    }
}
