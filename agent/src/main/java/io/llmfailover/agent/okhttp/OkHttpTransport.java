package io.llmfailover.agent.okhttp;

import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Sends each attempt down the rest of the app's own interceptor chain: its connection pool, TLS,
 * proxy, authenticators and network interceptors.
 */
final class OkHttpTransport implements io.llmfailover.runtime.http.LegacyTransport {

    private final Interceptor.Chain chain;
    private final LlmRequest appRequest;
    private final Request appOkHttpRequest;

    /**
     * @param appRequest the neutral request handed to the runtime; an attempt that is this very
     *     request (with at most headers added: trace context) is sent as {@code appOkHttpRequest}
     *     (with those headers), and its response reaches the app as OkHttp made it
     */
    OkHttpTransport(Interceptor.Chain chain, LlmRequest appRequest, Request appOkHttpRequest) {
        this.chain = chain;
        this.appRequest = appRequest;
        this.appOkHttpRequest = appOkHttpRequest;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        Optional<HttpHeaders> added = io.llmfailover.runtime.http.LegacyTransport.headersAddedTo(attempt, appRequest);
        boolean untouched = added.isPresent();
        Request request = untouched
                ? OkHttpRequestMapping.withAddedHeaders(appOkHttpRequest, added.get())
                : OkHttpRequestMapping.toOkHttp(attempt, appOkHttpRequest);
        if (firstByteTimeout == null) {
            return new OkHttpLlmResponse(chain.proceed(request), untouched);
        }
        int appReadTimeout = chain.readTimeoutMillis();
        int headTimeout = headTimeoutMillis(firstByteTimeout, appReadTimeout);
        Interceptor.Chain timed = chain.withReadTimeout(headTimeout, TimeUnit.MILLISECONDS);
        try {
            Response response = HeadTimeoutRelease.waitingForHead(appReadTimeout, () -> timed.proceed(request));
            return new OkHttpLlmResponse(response, untouched);
        } catch (SocketTimeoutException e) {
            if (isConnectTimeout(e) || chain.call().isCanceled()) {
                throw e;
            }
            FirstByteTimeoutException timeout = new FirstByteTimeoutException(Duration.ofMillis(headTimeout));
            timeout.initCause(e);
            throw timeout;
        }
    }

    /** The first-byte timeout, but never longer than a read timeout the app set itself. */
    static int headTimeoutMillis(Duration firstByteTimeout, int appReadTimeoutMillis) {
        long firstByte = Math.max(1, Math.min(Integer.MAX_VALUE, firstByteTimeout.toMillis()));
        return (int) (appReadTimeoutMillis > 0 ? Math.min(firstByte, appReadTimeoutMillis) : firstByte);
    }

    private static boolean isConnectTimeout(SocketTimeoutException e) {
        String message = e.getMessage();
        return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("connect");
    }
}
