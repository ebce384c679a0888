package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.agent.lifecycle.reactive.PublishedBody;
import io.netty.buffer.ByteBuf;
import org.reactivestreams.Publisher;

/**
 * A connection's inbound as an {@link ArrivingBody}: each buffer copied as it arrives (Reactor Netty
 * releases it once the copy returns).
 */
final class InboundBody {

    private InboundBody() {}

    static ArrivingBody of(Publisher<ByteBuf> inbound) {
        return PublishedBody.of(inbound, InboundBody::copy);
    }

    private static byte[] copy(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        return bytes;
    }
}
