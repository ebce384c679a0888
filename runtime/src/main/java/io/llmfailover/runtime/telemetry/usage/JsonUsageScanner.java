package io.llmfailover.runtime.telemetry.usage;

import io.llmfailover.runtime.protocol.translate.Json;
import java.io.ByteArrayOutputStream;

/**
 * A non-streamed JSON body (or Gemini's streamed JSON array): kept up to {@link #LIMIT} bytes and
 * read once, when its facts are first asked for (by {@link ResponseFactsReader}, or parsed whole
 * when content capture wants the text). A larger body (a big embeddings batch) yields no facts rather than
 * costing unbounded memory.
 */
final class JsonUsageScanner implements UsageScanner {

    static final int LIMIT = 1 << 20;

    private final boolean captureContent;
    private final ResponseFacts facts = new ResponseFacts();
    private KeptBytes kept;
    private boolean tooLarge;

    JsonUsageScanner(boolean captureContent) {
        this.captureContent = captureContent;
    }

    @Override
    public void accept(byte[] bytes, int offset, int length) {
        if (tooLarge) {
            return;
        }
        if (kept == null) {
            kept = new KeptBytes(length); // a body read whole arrives in one piece: kept without growing
        }
        if (kept.size() + length > LIMIT) {
            tooLarge = true;
            kept = null;
            return;
        }
        kept.write(bytes, offset, length);
    }

    @Override
    public ResponseFacts finish() {
        if (kept != null && kept.size() > 0) {
            KeptBytes body = kept;
            facts.readLater(() -> read(body));
            kept = null;
            tooLarge = true; // finished: later bytes are not this document's
        }
        return facts;
    }

    private void read(KeptBytes body) {
        if (!captureContent) {
            ResponseFactsReader.read(body.bytes(), 0, body.size(), facts);
            return;
        }
        try {
            ResponseJson.read(Json.MAPPER.readTree(body.bytes(), 0, body.size()), facts, true);
        } catch (java.io.IOException | RuntimeException notJson) {
            // Not a JSON document: nothing to learn from it.
        }
    }

    /** The body so far, parsed where it lies rather than copied once more. */
    private static final class KeptBytes extends ByteArrayOutputStream {
        KeptBytes(int firstChunk) {
            super(Math.max(firstChunk, 256));
        }

        byte[] bytes() {
            return buf;
        }
    }
}
