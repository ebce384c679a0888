package io.llmfailover.agent.client.okhttp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import okhttp3.Call;

/**
 * The answer's body as the app reads it through its OkHttp call: once the app cancelled the call, a
 * read fails as OkHttp's own does ({@code Canceled}), whichever connection the answer comes over (a
 * hedge's or a fallback's call of its own, which the app's cancel does not reach).
 */
final class CancellableAnswerBody extends FilterInputStream {

    private final Call appCall;

    CancellableAnswerBody(InputStream answer, Call appCall) {
        super(answer);
        this.appCall = appCall;
    }

    @Override
    public int read() throws IOException {
        failIfCancelled();
        return super.read();
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        failIfCancelled();
        return in.read(into, offset, length);
    }

    private void failIfCancelled() throws IOException {
        if (appCall.isCanceled()) {
            throw new IOException("Canceled");
        }
    }
}
