package io.llmfailover.agent.client.micronaut;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.exceptions.ContentLengthExceededException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import reactor.core.publisher.Flux;

/**
 * A streamed body in the shape Micronaut's client hands the app when its request accepts
 * {@code text/event-stream} (its {@code SseSplitter}, which its {@code eventStream} reads): one line
 * per buffer, its line break ({@code \n} or {@code \r\n}) removed, a blank line an empty buffer,
 * and whatever follows the last line break dropped. The agent's own attempts are never split
 * ({@link MicronautEventLinesAdvice}): the runtime reads the provider's bytes, and the app gets
 * them in this shape.
 */
final class SseLines {

    private SseLines() {}

    /** As the client decides it: the request's {@code Accept} is exactly {@code text/event-stream}. */
    static boolean accepted(HttpRequest<?> request) {
        return MediaType.TEXT_EVENT_STREAM.equalsIgnoreCase(request.getHeaders().get(HttpHeaders.ACCEPT));
    }

    /**
     * The stream's lines, each one buffer; an empty line is not Netty's shared empty buffer, which
     * the client's stream readers skip. A line longer than {@code maxLineBytes} fails the stream,
     * as the client's own limit (its {@code max-content-length}) does.
     */
    static Flux<ByteBuf> split(Flux<byte[]> body, long maxLineBytes) {
        return Flux.defer(() -> {
            Splitter splitter = new Splitter(maxLineBytes);
            return body.concatMapIterable(splitter::linesEndedIn, 1); // a chunk of the body at a time, as the app asks
        }).map(line -> Unpooled.buffer(line.length).writeBytes(line));
    }

    /** A body read whole from its lines, as the client reads an error's: the lines one after another, without their breaks. */
    static byte[] joined(byte[] body) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream(body.length);
        new Splitter(Long.MAX_VALUE).linesEndedIn(body).forEach(joined::writeBytes);
        return joined.toByteArray();
    }

    /** The line not yet ended, across the chunks of one body. */
    private static final class Splitter {

        private final long maxLineBytes;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        Splitter(long maxLineBytes) {
            this.maxLineBytes = maxLineBytes;
        }

        List<byte[]> linesEndedIn(byte[] chunk) {
            List<byte[]> lines = new ArrayList<>();
            int start = 0;
            for (int i = 0; i < chunk.length; i++) {
                if (chunk[i] == '\n') {
                    pending.write(chunk, start, i - start);
                    lines.add(ended());
                    start = i + 1;
                }
            }
            pending.write(chunk, start, chunk.length - start);
            if (pending.size() > maxLineBytes) {
                throw new ContentLengthExceededException(maxLineBytes, pending.size());
            }
            return lines;
        }

        private byte[] ended() {
            byte[] line = pending.toByteArray();
            pending.reset();
            boolean crlf = line.length > 0 && line[line.length - 1] == '\r';
            return crlf ? Arrays.copyOf(line, line.length - 1) : line;
        }
    }
}
