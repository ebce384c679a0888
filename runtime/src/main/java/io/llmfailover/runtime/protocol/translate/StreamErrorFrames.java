package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;

/**
 * The bytes of an error reported in the middle of a stream, in each protocol's SSE dialect, shaped
 * so that the caller's SDK raises an error rather than silently ending: OpenAI {@code data:
 * {"error":…}}, Anthropic {@code event: error} plus its data, Gemini a {@code data: {"error":…}} frame,
 * Bedrock an event-stream {@code exception} message.
 */
public final class StreamErrorFrames {

    private StreamErrorFrames() {}

    public static byte[] of(Protocol caller, String message) {
        return of(caller, ErrorKind.SERVER, message);
    }

    public static byte[] of(Protocol caller, ErrorKind kind, String message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String json = Json.write(ErrorBodies.body(caller, kind, ErrorBodies.statusFor(caller, kind.status()), message));
        if (caller.onBedrock()) {
            return EventStreamEncoder.encode(EventStreamMessage.exception(exceptionType(kind), Json.bytes(
                    Json.object().put("message", message))));
        }
        if (caller.wire() == Protocol.ANTHROPIC) {
            SseFrames.event(out, "error", json);
        } else {
            SseFrames.data(out, json);
        }
        return out.toByteArray();
    }

    /** A stream's exception event names Bedrock's exception in lower camel case: {@code throttlingException}. */
    private static String exceptionType(ErrorKind kind) {
        String name = kind.bedrockException();
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
