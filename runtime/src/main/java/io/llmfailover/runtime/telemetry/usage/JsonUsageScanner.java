package io.llmfailover.runtime.telemetry.usage;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;

/**
 * A non-streamed JSON body (or Gemini's streamed JSON array): kept up to {@link #LIMIT} bytes and
 * parsed once at the end. A larger body (a big embeddings batch) yields no facts rather than
 * costing unbounded memory.
 */
final class JsonUsageScanner implements UsageScanner {

    static final int LIMIT = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean captureContent;
    private final ResponseFacts facts = new ResponseFacts();
    private KeptBytes kept = new KeptBytes();

    JsonUsageScanner(boolean captureContent) {
        this.captureContent = captureContent;
    }

    @Override
    public void accept(byte[] bytes, int offset, int length) {
        if (kept == null) {
            return;
        }
        if (kept.size() + length > LIMIT) {
            kept = null;
            return;
        }
        kept.write(bytes, offset, length);
    }

    @Override
    public ResponseFacts finish() {
        if (kept != null && kept.size() > 0) {
            try {
                ResponseJson.read(JSON.readTree(kept.bytes(), 0, kept.size()), facts, captureContent);
            } catch (java.io.IOException | RuntimeException notJson) {
                // Not a JSON document: nothing to learn from it.
            }
            kept = null;
        }
        return facts;
    }

    /** The body so far, parsed where it lies rather than copied once more. */
    private static final class KeptBytes extends ByteArrayOutputStream {
        KeptBytes() {
            super(1024);
        }

        byte[] bytes() {
            return buf;
        }
    }
}
