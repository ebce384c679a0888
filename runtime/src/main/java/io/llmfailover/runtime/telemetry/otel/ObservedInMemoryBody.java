package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.contract.InMemoryBody;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A body in memory, watched like any other: when an adapter takes its rest in one
 * piece, the scanner sees that piece and the body has ended, as if the app had read it through.
 */
final class ObservedInMemoryBody extends ObservedBody implements InMemoryBody {

    /** {@code body} is a {@link InMemoryBody}. */
    ObservedInMemoryBody(InputStream body, GenAiCallScope call, UsageScanner scanner) {
        super(body, call, scanner);
    }

    @Override
    public ByteBuffer takeRest() {
        ByteBuffer rest = ((InMemoryBody) in).takeRest();
        if (rest.hasRemaining()) {
            observe(rest.array(), rest.arrayOffset() + rest.position(), rest.remaining());
        }
        ended();
        return rest;
    }
}
