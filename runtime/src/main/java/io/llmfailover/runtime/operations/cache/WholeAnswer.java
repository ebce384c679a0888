package io.llmfailover.runtime.operations.cache;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.translate.Json;
import java.io.IOException;

/**
 * Whether the bytes an app read before it closed an answer's body are the whole answer. A reader
 * need not ask for the end of the stream: a JSON reader (Jackson, as the OpenAI and Anthropic SDKs
 * and Spring AI use) stops at the document's closing brace, an SSE client at the last event. The
 * body is whole when its declared {@code Content-Length} was reached; else, for a JSON answer, when
 * it is one complete document with only whitespace after, and for an event stream when its last
 * event came ({@link StreamEnding}). Anything else was closed before its end.
 *
 * @param declaredLength the answer's {@code Content-Length}, or -1 when it declares none (chunked,
 *     or a translated answer)
 */
record WholeAnswer(long declaredLength) {

    /** What an answer with these headers is whole at. */
    static WholeAnswer of(HttpHeaders headers) {
        return new WholeAnswer(headers.first("content-length").map(WholeAnswer::length).orElse(-1L));
    }

    boolean isWhole(byte[] read) {
        if (read.length == declaredLength) {
            return true;
        }
        return startsAsJson(read) ? isOneJsonDocument(read) : StreamEnding.isComplete(read);
    }

    /** An object or an array, complete, and nothing but whitespace after it. */
    private static boolean isOneJsonDocument(byte[] read) {
        try (JsonParser parser = Json.MAPPER.createParser(read)) {
            parser.nextToken();
            parser.skipChildren();
            return parser.nextToken() == null;
        } catch (IOException truncatedOrFollowed) {
            return false;
        }
    }

    /** A JSON answer opens with an object or an array; an event stream with a field name or a comment. */
    private static boolean startsAsJson(byte[] read) {
        for (byte b : read) {
            if (!Character.isWhitespace(b)) {
                return b == '{' || b == '[';
            }
        }
        return false;
    }

    private static long length(String contentLength) {
        try {
            return Math.max(-1, Long.parseLong(contentLength.strip()));
        } catch (NumberFormatException notALength) {
            return -1;
        }
    }
}
