package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;

/**
 * The bytes of an error reported in the middle of a stream, in each protocol's SSE dialect, shaped
 * so that the caller's SDK raises an error rather than silently ending: OpenAI {@code data:
 * {"error":…}}, Anthropic {@code event: error} plus its data, Gemini a {@code data: {"error":…}} frame.
 */
public final class StreamErrorFrames {

    private StreamErrorFrames() {}

    public static byte[] of(Protocol caller, String message) {
        return of(caller, ErrorKind.SERVER, message);
    }

    public static byte[] of(Protocol caller, ErrorKind kind, String message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String json = Json.write(ErrorBodies.body(caller, kind, ErrorBodies.statusFor(caller, kind.status()), message));
        if (caller.wire() == Protocol.ANTHROPIC) {
            SseFrames.event(out, "error", json);
        } else {
            SseFrames.data(out, json);
        }
        return out.toByteArray();
    }
}
