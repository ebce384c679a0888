package io.llmfailover.runtime.contract;

import java.io.InputStream;

/**
 * What the gateway hands back for the app: a response, and, when that response is the answer to
 * the app's own request ({@link AttemptRequest#original()}), the very response the transport
 * returned for it, so that the adapter can give the app its client's native response.
 */
public final class Answer implements LlmResponse {

    private final LlmResponse response;
    private final LlmResponse own;

    private Answer(LlmResponse response, LlmResponse own) {
        this.response = response;
        this.own = own;
    }

    /** An answer the runtime made, translated or relayed from a fallback: the adapter builds its client's response from it. */
    public static Answer made(LlmResponse response) {
        return new Answer(response, null);
    }

    /**
     * The answer to the app's own request, as the transport returned it in {@code own}, with the
     * same status and headers; {@code response} may watch or replace its body stream.
     */
    public static Answer own(LlmResponse response, LlmResponse own) {
        return new Answer(response, own);
    }

    /** True when this is the answer to the app's own request: {@link #ownResponse()} is then the transport's. */
    public boolean isOwn() {
        return own != null;
    }

    /** The transport's own response to the app's original request, or null when {@link #isOwn()} is false. */
    public LlmResponse ownResponse() {
        return own;
    }

    /**
     * True when the body stream the app should read is the transport's own, untouched: the
     * adapter can return its client's native response as it is. Otherwise the native response
     * must be given {@link #body()} in place of its body.
     */
    public boolean ownBodyUntouched() {
        return own != null && response == own;
    }

    @Override
    public int status() {
        return response.status();
    }

    @Override
    public HttpHeaders headers() {
        return response.headers();
    }

    @Override
    public InputStream body() {
        return response.body();
    }

    @Override
    public void abort() {
        response.abort();
    }

    @Override
    public void close() {
        response.close();
    }
}
