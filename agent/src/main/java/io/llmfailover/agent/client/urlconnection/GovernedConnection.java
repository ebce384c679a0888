package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.UrlConnectionHook;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.ProtocolException;
import java.net.Proxy;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One governed app connection. The app writes its body into a capped buffer, and the first
 * response accessor runs the call lifecycle; from then on the connection reports the response the
 * call chose. A body that outgrows the cap, or a call that goes ahead ungoverned, sends the app's
 * own connection with the JDK's own code: it has then {@linkplain #passedThrough() passed through},
 * and every hooked method runs as if the agent were absent.
 */
final class GovernedConnection implements CallRequest {

    final HttpURLConnection connection;
    final URI uri;
    private Governance governance;
    /** Not a monitor: a call waits for its provider while holding it, which must pin no carrier thread. */
    private final ReentrantLock lock = new ReentrantLock();
    private CappedRequestBody body;
    private volatile boolean passedThrough;
    private ChosenResponse chosen;
    private IOException failure;
    /** A request header the app set that the JDK must not send, removed by the hooks; null for none. */
    private volatile String heldBack;
    /** The headers the app set and the proxy it chose, read when the call runs. */
    Map<String, List<String>> requestHeaders = Map.of();
    Proxy proxy;

    GovernedConnection(HttpURLConnection connection, URI uri) {
        this.connection = connection;
        this.uri = uri;
    }

    /**
     * The first value of {@code name} as the app set it, which the hooks then remove from the
     * connection's own headers before the JDK writes them (its public methods cannot).
     */
    @Override
    public String takeHeader(String name) {
        Map<String, List<String>> read = requestHeaders;
        String value = read.isEmpty() ? connection.getRequestProperty(name) : firstOf(read, name);
        if (value != null) {
            heldBack = name;
            requestHeaders = withoutHeader(read, name);
        }
        return value;
    }

    String heldBack() {
        return heldBack;
    }

    private static String firstOf(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (name.equalsIgnoreCase(header.getKey()) && !header.getValue().isEmpty()) {
                return header.getValue().get(0);
            }
        }
        return null;
    }

    private static Map<String, List<String>> withoutHeader(Map<String, List<String>> headers, String name) {
        Map<String, List<String>> kept = new LinkedHashMap<>(headers);
        kept.keySet().removeIf(key -> key != null && key.equalsIgnoreCase(name));
        return kept;
    }

    void governedBy(Governance governance) {
        this.governance = governance;
    }

    /** The method the JDK will send: output turns a GET into a POST. */
    @Override
    public String methodName() {
        String method = connection.getRequestMethod();
        return method.equals("GET") && connection.getDoOutput() ? "POST" : method;
    }

    boolean passedThrough() {
        return passedThrough;
    }

    /**
     * Like the JDK: output needs doOutput, turns a GET into a POST, and ends once the response is
     * read. A body announced larger than the cap is not buffered at all: the JDK's own stream.
     *
     * @param fixedLength the length the app announced with {@code setFixedLengthStreamingMode}, or -1
     */
    HookOutcome outputStream(long fixedLength) {
        if (passedThrough || !connection.getDoOutput()) {
            return null; // the JDK's own method answers
        }
        lock.lock();
        try {
            if (chosen != null || failure != null) {
                return HookOutcome.throwing(new ProtocolException("Cannot write output after reading input."));
            }
            if (body == null) {
                if (fixedLength > governance.bufferLimit()) {
                    passedThrough = true;
                    return null;
                }
                if (connection.getRequestMethod().equals("GET")) {
                    connection.setRequestMethod("POST");
                }
                body = new CappedRequestBody(this, governance.bufferLimit());
            }
            return HookOutcome.returning(body);
        } catch (ProtocolException e) {
            return HookOutcome.throwing(e);
        } finally {
            lock.unlock();
        }
    }

    /** The first accessor runs the call; each answers from what it chose, or the JDK's own code once passed through. */
    HookOutcome response(String accessor, Object argument, UrlConnectionHook.Internals internals) {
        lock.lock();
        try {
            if (chosen == null && failure == null) {
                requestHeaders = internals.requestHeaders();
                proxy = (Proxy) internals.proxy();
                run();
            }
            return failure != null ? failed(accessor) : chosen.answer(accessor, argument);
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        try {
            chosen = CallLifecycle.run(UrlConnectionBinding.INSTANCE, this,
                    governance.withCallerHere(UrlConnectionBinding.INSTANCE, this));
        } catch (IOException e) {
            failure = e;
        }
    }

    /** What the app wrote, or {@link BufferedBody#tooLarge} when it outgrew the cap and went out on the app's connection. */
    BufferedBody buffered(long limit) {
        if (passedThrough) {
            return BufferedBody.tooLarge(limit);
        }
        return body == null ? BufferedBody.empty() : BufferedBody.of(body.bytes());
    }

    /**
     * The app's own connection, its output opened with the JDK's own code: what the agent had
     * buffered is written to it, and every hooked method runs as if the agent were absent.
     */
    OutputStream passThrough() throws IOException {
        passedThrough = true;
        return connection.getOutputStream();
    }

    /** The call as if the agent were absent: the app's own connection sends what the app wrote. */
    ChosenResponse proceed(BufferedBody buffered) throws IOException {
        boolean wasPassedThrough = passedThrough;
        passedThrough = true;
        if (!wasPassedThrough && body != null) {
            try (OutputStream out = connection.getOutputStream()) {
                out.write(buffered == null ? body.bytes() : buffered.bytes());
            }
        }
        return ChosenResponse.JDK_OWN;
    }

    /** {@code disconnect()}: the chosen response's connection is closed, not drained. */
    void release() {
        lock.lock();
        try {
            if (chosen != null) {
                chosen.abort();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Without a response, the accessors behave as the JDK's after a failed exchange. */
    private HookOutcome failed(String accessor) {
        return accessor.equals("getInputStream") ? HookOutcome.throwing(failure) : HookOutcome.returning(
                accessor.equals("getHeaderFields") ? Map.of() : null);
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return new LlmRequest(methodName(), uri, HttpHeaders.of(requestHeaders), body);
    }
}
