package io.llmfailover.agent.okhttp;

import java.io.IOException;
import okhttp3.RequestBody;
import okio.Buffer;

/** Reads an OkHttp request body once into bytes, so every attempt can replay it. */
final class RequestBodyCopy {

    private RequestBodyCopy() {}

    static byte[] bytesOf(RequestBody body) throws IOException {
        if (body == null) {
            return new byte[0];
        }
        Buffer buffer = new Buffer();
        body.writeTo(buffer);
        return buffer.readByteArray();
    }

    /** A duplex body streams both ways at once: it cannot be buffered, so the call is not governed. */
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
