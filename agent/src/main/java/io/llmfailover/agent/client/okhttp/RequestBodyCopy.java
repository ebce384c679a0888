package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CappedCopy;
import java.io.IOException;
import java.util.function.Consumer;
import okhttp3.RequestBody;
import okio.BufferedSink;
import okio.Okio;

/**
 * Reads an OkHttp request body once into bytes, within the cap, so every attempt can replay it; a
 * one-shot body read whole is handed to {@code sendCopyInstead}, as only its copy can still be sent.
 */
final class RequestBodyCopy {

    private RequestBodyCopy() {}

    static BufferedBody of(RequestBody body, long limit, Consumer<byte[]> sendCopyInstead) throws IOException {
        if (body == null) {
            return BufferedBody.empty();
        }
        if (isDuplex(body)) {
            return BufferedBody.notReplayable("duplex");
        }
        return CappedCopy.keepingSendable(body.contentLength(), !isOneShot(body), limit, out -> {
            BufferedSink sink = Okio.buffer(Okio.sink(out));
            body.writeTo(sink);
            sink.flush();
        }, sendCopyInstead);
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
}
