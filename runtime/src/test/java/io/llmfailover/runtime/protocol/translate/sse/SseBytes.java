package io.llmfailover.runtime.protocol.translate.sse;

import static io.llmfailover.runtime.testing.Generator.anyBytes;
import static io.llmfailover.runtime.testing.Generator.anyText;
import static io.llmfailover.runtime.testing.Generator.elementOf;
import static io.llmfailover.runtime.testing.Generator.oneOf;
import static io.llmfailover.runtime.testing.Generator.weighted;

import io.llmfailover.runtime.testing.Generator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Byte streams that look more or less like server-sent events: fields, comments and blank lines
 * with every line ending, values of any text and JSON that breaks off, among garbage bytes.
 */
public final class SseBytes {

    private SseBytes() {}

    /** Up to about {@code lines} lines of SSE and garbage. */
    public static Generator<byte[]> anyStream(int lines) {
        Generator<String> ending = elementOf("\n", "\n", "\r\n", "\r", "");
        Generator<String> field = elementOf("data", "data", "event", "id", "retry", "", "Data", "data ", " data", "x");
        Generator<String> separator = elementOf(": ", ":", "", ":  ");
        Generator<String> value = oneOf(anyText(20), json(), elementOf("[DONE]", "{}", "null", "", "message_stop", "error", "ping"));
        Generator<String> fieldLine = random -> field.next(random) + separator.next(random) + value.next(random);
        Generator<String> line = weighted(6, fieldLine, 2, elementOf("", ":", ": keep-alive"), 1, anyText(30));
        return random -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int count = random.nextInt(lines + 1); count > 0; count--) {
                if (random.nextInt(12) == 0) {
                    out.writeBytes(anyBytes(20).next(random));
                } else {
                    out.writeBytes((line.next(random) + ending.next(random)).getBytes(StandardCharsets.UTF_8));
                }
            }
            return out.toByteArray();
        };
    }

    /** JSON objects, some cut short or with a field of the wrong type. */
    static Generator<String> json() {
        return elementOf("{\"type\":\"message_start\",\"message\":{}}", "{\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}",
                "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"hi\"}]}}]}", "{\"type\":\"content_block_delta\",\"index\":9}",
                "{\"choices\":7}", "{\"error\":{}}", "{\"a\":", "{{{", "[1,2", "\"text\"", "{\"type\":null}",
                "{\"usage\":{\"prompt_tokens\":-1e999}}", "{\"choices\":[{\"index\":2147483648}]}");
    }
}
