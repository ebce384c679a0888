package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A response body passed through byte for byte, lazily: each chunk the app reads is shown to the
 * usage scanner, the first one marks the time to first chunk, and the end, a close or a failure
 * ends the call span. Never buffers the stream itself.
 */
class ObservedBody extends FilterInputStream {

    private final GenAiCallScope call;
    private final UsageScanner scanner;
    private boolean sawBytes;
    private volatile boolean reachedEnd;

    ObservedBody(InputStream body, GenAiCallScope call, UsageScanner scanner) {
        super(body);
        this.call = call;
        this.scanner = scanner;
    }

    @Override
    public int read() throws IOException {
        int b;
        try {
            b = super.read();
        } catch (IOException | RuntimeException broken) {
            broke(broken);
            throw broken;
        }
        if (b < 0) {
            ended();
        } else {
            observe(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int count;
        try {
            count = super.read(buffer, offset, length);
        } catch (IOException | RuntimeException broken) {
            broke(broken);
            throw broken;
        }
        if (count < 0) {
            ended();
        } else if (count > 0) {
            observe(buffer, offset, count);
        }
        return count;
    }

    /** The body's own, which knows its size: the default would copy it through chunks of 8 KB and more. */
    @Override
    public byte[] readAllBytes() throws IOException {
        byte[] rest;
        try {
            rest = super.in.readAllBytes();
        } catch (IOException | RuntimeException broken) {
            broke(broken);
            throw broken;
        }
        if (rest.length > 0) {
            observe(rest, 0, rest.length);
        }
        ended();
        return rest;
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            call.bodyDone(scanner.finish(), null, !reachedEnd);
        }
    }

    /** The body broke under the app's read: the call ends with that error, which goes on to the app. */
    private void broke(Exception broken) {
        call.bodyDone(scanner.finish(), broken, false);
    }

    boolean reachedEnd() {
        return reachedEnd;
    }

    void observe(byte[] bytes, int offset, int count) {
        try {
            if (!sawBytes) {
                sawBytes = true;
                call.firstChunk();
            }
            scanner.accept(bytes, offset, count);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("watching a response body", internal);
        }
    }

    void ended() {
        reachedEnd = true;
        call.bodyDone(scanner.finish(), null, false);
    }
}
