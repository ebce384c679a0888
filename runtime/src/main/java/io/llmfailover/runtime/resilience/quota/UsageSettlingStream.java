package io.llmfailover.runtime.resilience.quota;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An answer's body on its way to the app, read for its token usage (JSON or SSE, in bounded
 * memory, see {@link UsageScanner}); at its end, or when the app closes it, the quota charge is
 * corrected to the usage reported, if any.
 */
final class UsageSettlingStream extends FilterInputStream {

    private final UsageScanner scanner;
    private final QuotaCharge charge;
    private boolean finished;

    UsageSettlingStream(InputStream body, HttpHeaders headers, QuotaCharge charge) {
        super(body);
        this.scanner = UsageScanner.forResponse(headers, false);
        this.charge = charge;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) {
            finish();
        } else {
            scanner.accept(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int count = super.read(buffer, offset, length);
        if (count < 0) {
            finish();
        } else if (count > 0) {
            scanner.accept(buffer, offset, count);
        }
        return count;
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            finish();
        }
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        ResponseFacts facts = scanner.finish();
        if (facts.inputTokens() != null || facts.outputTokens() != null) {
            charge.settle(orZero(facts.inputTokens()) + orZero(facts.outputTokens()));
        }
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
