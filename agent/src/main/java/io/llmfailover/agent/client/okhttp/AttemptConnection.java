package io.llmfailover.agent.client.okhttp;

import java.io.IOException;
import java.net.Socket;
import okhttp3.Connection;
import okhttp3.Interceptor;
import okhttp3.Protocol;
import okhttp3.Response;

/**
 * The connection one governed attempt went out on, caught by a network interceptor so that a
 * deadline on another thread can cut that one exchange. Closing an HTTP/1 response body from
 * another thread than its reader's races with the read (OkHttp drains it while the reader reads);
 * closing the socket instead fails the read at once, on the reader's own thread. The app's call
 * is never cancelled: it must stay usable for the fallback attempt.
 */
final class AttemptConnection {

    private static final ThreadLocal<AttemptConnection> CURRENT = new ThreadLocal<>();

    private volatile Socket http1Socket;

    /** The network interceptor that catches each attempt's connection; every other call passes straight through. */
    static final class Catcher implements Interceptor {
        @Override
        public Response intercept(Chain chain) throws IOException {
            AttemptConnection attempt = CURRENT.get();
            Connection connection = chain.connection();
            if (attempt != null && connection != null && isHttp1(connection.protocol())) {
                attempt.http1Socket = connection.socket();
            }
            return chain.proceed(chain.request());
        }
    }

    interface Attempt {
        Response proceed() throws IOException;
    }

    /** Runs one attempt on this thread, catching the connection it goes out on into {@code into}. */
    static Response catching(AttemptConnection into, Attempt attempt) throws IOException {
        AttemptConnection outer = CURRENT.get();
        CURRENT.set(into);
        try {
            return attempt.proceed();
        } finally {
            CURRENT.set(outer); // null rather than remove(): the thread's next call reuses its entry
        }
    }

    /** Cuts an HTTP/1 exchange by closing its socket; false when there is none (HTTP/2, a cached answer). */
    boolean cut() {
        Socket socket = http1Socket;
        if (socket == null) {
            return false;
        }
        try {
            socket.close();
        } catch (IOException alreadyGone) {
            // closed either way
        }
        return true;
    }

    private static boolean isHttp1(Protocol protocol) {
        return protocol == Protocol.HTTP_1_1 || protocol == Protocol.HTTP_1_0;
    }
}
