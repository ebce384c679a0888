package io.llmfailover.agent.client.micronaut;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.body.stream.BodySizeLimits;
import io.micronaut.http.client.exceptions.ContentLengthExceededException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.EmptyByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;

/**
 * A stream reaches an app whose request accepts events in the lines Micronaut's own splitter (its
 * package-private {@code SseSplitter}, the one its {@code exchangeStream}, {@code dataStream} and
 * {@code eventStream} read) makes of the same bytes, however they are cut into chunks.
 */
class SseLinesTest {

    private static final long LIMIT = 1024;

    @ParameterizedTest
    @ValueSource(strings = {
        "data: {\"a\":1}\n\ndata: {\"b\":2}\n\ndata: [DONE]\n\n",
        "data: crlf\r\n\r\ndata: too\r\n\r\n",
        ": keep-alive\n\n: keep-alive\n\ndata: late\n\n",
        "event: message_start\ndata: {}\n\nevent: ping\ndata: {}\n\n",
        "data: a bare \r stays\n\n",
        "data: the last line has no break",
        "<!DOCTYPE html><html><body>Checking your browser</body></html>",
        "\n\n\n",
        ""})
    void splitsAsMicronautsOwnSplitterDoesWhateverTheChunks(String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int size = 1; size <= Math.max(1, bytes.length); size++) {
            List<byte[]> chunks = chunks(bytes, size);
            List<ByteBuf> ours = SseLines.split(Flux.fromIterable(chunks), LIMIT).collectList().block();
            List<String> micronauts = texts(micronautSplit(chunks));
            assertEquals(micronauts, texts(ours), "in chunks of " + size + " bytes");
            ours.forEach(line -> assertFalse(line instanceof EmptyByteBuf, "a blank line is a buffer the stream readers keep"));
        }
    }

    @Test
    void aLineLongerThanTheClientsLimitFailsTheStreamAsTheClientDoes() {
        byte[] piece = "data: no line break in sight ".getBytes(StandardCharsets.UTF_8);

        assertThrows(ContentLengthExceededException.class, () -> SseLines.split(Flux.range(0, 8).map(i -> piece), 100).blockLast());
    }

    @Test
    void anErrorBodyIsItsLinesOneAfterAnotherAsTheClientReadsItWhole() {
        assertArrayEquals("{  \"error\": {}}".getBytes(StandardCharsets.UTF_8),
                SseLines.joined("{\n  \"error\": {}\r\n}\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, SseLines.joined("{\"error\":{}}".getBytes(StandardCharsets.UTF_8)).length,
                "a body with no line break is no line");
    }

    @Test
    void aRequestAcceptsEventsWhenItsAcceptIsExactlyTheEventStreamType() {
        assertTrue(SseLines.accepted(HttpRequest.GET("/").accept(MediaType.TEXT_EVENT_STREAM_TYPE)));
        assertTrue(SseLines.accepted(HttpRequest.GET("/").header("Accept", "Text/Event-Stream")));
        assertFalse(SseLines.accepted(HttpRequest.GET("/").header("Accept", "text/event-stream, application/json")));
        assertFalse(SseLines.accepted(HttpRequest.GET("/")));
    }

    private static List<byte[]> chunks(byte[] bytes, int size) {
        List<byte[]> chunks = new ArrayList<>();
        for (int start = 0; start < bytes.length; start += size) {
            chunks.add(Arrays.copyOfRange(bytes, start, Math.min(bytes.length, start + size)));
        }
        return chunks;
    }

    /** Micronaut's own splitter, fed network-like buffers of the same chunks. */
    @SuppressWarnings("unchecked")
    private static List<ByteBuf> micronautSplit(List<byte[]> chunks) throws Exception {
        Class<?> splitter = Class.forName("io.micronaut.http.client.netty.SseSplitter");
        Method split = splitter.getDeclaredMethod("split", Flux.class, BodySizeLimits.class);
        split.setAccessible(true);
        Flux<ByteBuf> buffers = Flux.fromIterable(chunks).map(chunk -> Unpooled.buffer(chunk.length).writeBytes(chunk));
        return ((Flux<ByteBuf>) split.invoke(null, buffers, new BodySizeLimits(Long.MAX_VALUE, LIMIT))).collectList().block();
    }

    /** The lines' text; the buffers, Micronaut's own copies, are released. */
    private static List<String> texts(List<ByteBuf> lines) {
        List<String> texts = new ArrayList<>();
        for (ByteBuf line : lines) {
            texts.add(line.toString(StandardCharsets.UTF_8));
            line.release();
        }
        return texts;
    }
}
