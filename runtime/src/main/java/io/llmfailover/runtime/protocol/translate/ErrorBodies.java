// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.provider.Protocol;
import java.nio.charset.StandardCharsets;

/** TEMPORARY STUB (replaced by the translation work). */
public final class ErrorBodies {
    private ErrorBodies() {}
    public static byte[] of(Protocol protocol, int status, String message) {
        return ("{\"error\":{\"message\":\"" + message + "\",\"type\":\"server_error\"}}").getBytes(StandardCharsets.UTF_8);
    }
}
