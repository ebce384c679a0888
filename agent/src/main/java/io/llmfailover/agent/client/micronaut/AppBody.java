package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.micronaut.buffer.netty.NettyByteBufferFactory;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.io.buffer.ReferenceCounted;
import io.micronaut.core.type.Argument;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The body the app set on its request, as the bytes Micronaut would write for it: text and bytes as
 * they are, an object through the client's own codecs (its JSON mapper, say). A form, multipart or a
 * publisher Micronaut writes as it sends, so the call goes out as the app made it.
 */
final class AppBody {

    private AppBody() {}

    static BufferedBody of(MicronautCall call, long limit) {
        MutableHttpRequest<?> request = call.request();
        Object body = request.getBody().orElse(null);
        if (body == null) {
            return BufferedBody.empty();
        }
        MediaType type = request.getContentType().orElse(MediaType.APPLICATION_JSON_TYPE);
        byte[] bytes;
        if (body instanceof byte[] raw) {
            bytes = raw;
        } else if (body instanceof CharSequence text) {
            bytes = text.toString().getBytes(type.getCharset().orElse(StandardCharsets.UTF_8));
        } else if (isWrittenAsSent(type, body)) {
            return BufferedBody.notReplayable("a " + type + " body of " + body.getClass().getName());
        } else {
            bytes = encoded(call, body, type);
        }
        return bytes.length > limit ? BufferedBody.tooLarge(limit) : BufferedBody.of(bytes);
    }

    private static boolean isWrittenAsSent(MediaType type, Object body) {
        return type.equals(MediaType.APPLICATION_FORM_URLENCODED_TYPE) || type.equals(MediaType.MULTIPART_FORM_DATA_TYPE)
                || Publishers.isConvertibleToPublisher(body);
    }

    /** As the client writes an object body: the writer its registry has for the object's type and the request's media type. */
    private static byte[] encoded(MicronautCall call, Object body, MediaType type) {
        Argument<Object> argument = Argument.ofInstance(body);
        ByteBuffer<?> written = call.client().getHandlerRegistry().getWriter(argument, List.of(type))
                .writeTo(argument, type, body, call.request().getHeaders(), NettyByteBufferFactory.DEFAULT);
        try {
            return written.toByteArray();
        } finally {
            if (written instanceof ReferenceCounted counted) {
                counted.release();
            }
        }
    }
}
