package io.llmfailover.runtime.failover;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a failed attempt's error body into memory, so it can be classified and, for the addressed
 * provider, still returned to the app after the fallbacks failed too. Error bodies are small; a
 * cap keeps a misbehaving upstream from costing memory.
 */
final class ErrorBodyReader {

    static final byte[] NOTHING = new byte[0];
    private static final int MAX_BYTES = 64 * 1024;

    private ErrorBodyReader() {}

    /** What could be read, up to the cap; a body that breaks halfway gives what arrived. */
    static byte[] read(InputStream body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (body) {
            int n;
            while (bytes.size() < MAX_BYTES && (n = body.read(buffer, 0, Math.min(buffer.length, MAX_BYTES - bytes.size()))) > 0) {
                bytes.write(buffer, 0, n);
            }
        } catch (IOException broken) {
            // Keep what arrived: the status already tells what happened.
        }
        return bytes.toByteArray();
    }
}
