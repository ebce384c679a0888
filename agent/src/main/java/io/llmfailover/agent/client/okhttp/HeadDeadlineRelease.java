package io.llmfailover.agent.client.okhttp;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import okhttp3.Connection;
import okhttp3.Interceptor;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * A governed attempt waits for its response head with the read timeout shortened to the first-byte
 * timeout. Once the head is in, this network interceptor gives the body back the app's own read
 * timeout, so a slow stream (long pauses between SSE events) is not cut. It acts only inside an
 * attempt: every other call passes straight through.
 */
final class HeadDeadlineRelease implements Interceptor {

    /** The app's read timeout while an attempt of this thread waits for its head. */
    private static final ThreadLocal<Integer> APP_READ_TIMEOUT = new ThreadLocal<>();

    interface Attempt {
        Response proceed() throws IOException;
    }

    /** Runs an attempt whose body read timeout, once the head arrived, goes back to {@code appReadTimeoutMillis}. */
    static Response waitingForHead(int appReadTimeoutMillis, Attempt attempt) throws IOException {
        Integer outer = APP_READ_TIMEOUT.get();
        APP_READ_TIMEOUT.set(appReadTimeoutMillis);
        try {
            return attempt.proceed();
        } finally {
            APP_READ_TIMEOUT.set(outer); // null rather than remove(): the thread's next call reuses its entry
        }
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        Integer appReadTimeout = APP_READ_TIMEOUT.get();
        if (appReadTimeout != null) {
            release(chain.connection(), response, appReadTimeout);
        }
        return response;
    }

    private static void release(Connection connection, Response response, int readTimeoutMillis) throws IOException {
        ResponseBody body = response.body();
        if (body != null) {
            body.source().timeout().timeout(readTimeoutMillis, TimeUnit.MILLISECONDS);
        }
        // HTTP/1 also applies the read timeout as the socket's; HTTP/2 sockets must keep none.
        if (connection != null && isHttp1(connection.protocol())) {
            connection.socket().setSoTimeout(readTimeoutMillis);
        }
    }

    private static boolean isHttp1(Protocol protocol) {
        return protocol == Protocol.HTTP_1_1 || protocol == Protocol.HTTP_1_0;
    }
}
