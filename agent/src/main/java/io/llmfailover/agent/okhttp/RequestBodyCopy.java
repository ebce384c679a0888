package io.llmfailover.agent.okhttp;

import io.llmfailover.agent.lifecycle.BufferedBody;
import java.io.IOException;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;
import okio.Okio;
import okio.ForwardingSink;

/** Reads an OkHttp request body once into bytes, within the cap, so every attempt can replay it. */
final class RequestBodyCopy {

    private RequestBodyCopy() {}

    static BufferedBody of(RequestBody body, long limit) throws IOException {
        if (body == null) {
            return BufferedBody.empty();
        }
        if (isDuplex(body)) {
            return BufferedBody.notReplayable("duplex");
        }
        long length = body.contentLength();
        if (length > limit) {
            return BufferedBody.tooLarge(limit);
        }
        if (length < 0 && isOneShot(body)) {
            return BufferedBody.notReplayable("one-shot, of unknown length");
        }
        Buffer buffer = new Buffer();
        CappedSink capped = new CappedSink(buffer, limit);
        try {
            BufferedSink sink = Okio.buffer(capped);
            body.writeTo(sink);
            sink.flush();
        } catch (IOException e) {
            if (!capped.overCap) {
                throw e;
            }
        }
        return capped.overCap ? BufferedBody.tooLarge(limit) : BufferedBody.of(buffer.readByteArray());
    }

    /** A duplex body streams both ways at once: it cannot be buffered. */
    static boolean isDuplex(RequestBody body) {
        try {
            return body != null && body.isDuplex();
        } catch (LinkageError beforeOkHttp314) {
            return false;
        }
    }

    /** A one-shot body cannot be written twice: once copied, only the copy may be sent. */
    static boolean isOneShot(RequestBody body) {
        try {
            return body != null && body.isOneShot();
        } catch (LinkageError beforeOkHttp314) {
            return false;
        }
    }

    /** Stops a body of unknown length as soon as it passes the cap, without keeping what is past it. */
    private static final class CappedSink extends ForwardingSink {
        private final long limit;
        private long written;
        private boolean overCap;

        CappedSink(Buffer delegate, long limit) {
            super(delegate);
            this.limit = limit;
        }

        @Override
        public void write(Buffer source, long byteCount) throws IOException {
            written += byteCount;
            if (written > limit) {
                overCap = true;
                source.skip(byteCount);
                throw new OverCap();
            }
            super.write(source, byteCount);
        }
    }

    /** Thrown through the app's body writer to stop it early; caught right above. */
    private static final class OverCap extends IOException {
        OverCap() {
            super("request body larger than buffer.max-bytes");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
