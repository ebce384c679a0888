package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An unstreamed answer read whole, so that it can be checked before the call is committed to it.
 * A cap keeps a misbehaving upstream from costing unbounded memory.
 */
final class WholeBody {

    static final int MAX_BYTES = 16 * 1024 * 1024;

    private WholeBody() {}

    /** The whole body, or null when it is longer than {@link #MAX_BYTES}. */
    static byte[] read(InputStream body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (body) {
            int n;
            while ((n = body.read(buffer)) >= 0) {
                if (bytes.size() + n > MAX_BYTES) {
                    return null;
                }
                bytes.write(buffer, 0, n);
            }
        }
        return bytes.toByteArray();
    }

    /**
     * Whether a translated answer is an error instead of an answer: not a JSON object, or one with
     * an {@code error} (every protocol's error bodies have one; no success body has a non-null one).
     */
    static boolean isErrorBody(byte[] translated) {
        try {
            return Json.field(Json.parseObject(translated), "error") != null;
        } catch (MalformedBodyException notAnObject) {
            return true;
        }
    }
}
