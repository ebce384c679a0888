package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.bootstrap.Outcome;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ProtocolException;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * One governed app connection: what the app wrote, then the response the governed call chose. The
 * app's own connection never connects anywhere.
 */
final class GovernedConnection {

    private final HttpURLConnection connection;
    private final URI uri;
    private final CallGovernor governor;
    private ByteArrayOutputStream body;
    private ChosenResponse chosen;
    private IOException failure;

    GovernedConnection(HttpURLConnection connection, URI uri, CallGovernor governor) {
        this.connection = connection;
        this.uri = uri;
        this.governor = governor;
    }

    synchronized boolean awaitsCall() {
        return chosen == null && failure == null;
    }

    /** Like the JDK: output needs doOutput, turns a GET into a POST, and ends once the response is read. */
    synchronized Outcome outputStream() {
        if (!connection.getDoOutput()) {
            return null; // the original method reports it
        }
        if (!awaitsCall()) {
            return Outcome.throwing(new ProtocolException("Cannot write output after reading input."));
        }
        if (body == null) {
            if (connection.getRequestMethod().equals("GET")) {
                try {
                    connection.setRequestMethod("POST");
                } catch (ProtocolException e) {
                    return Outcome.throwing(e);
                }
            }
            body = new ByteArrayOutputStream();
        }
        return Outcome.returning(body);
    }

    synchronized Outcome response(String accessor, Object[] arguments, Map<String, List<String>> requestHeaders, Proxy proxy) {
        if (awaitsCall()) {
            if (requestHeaders == null) {
                return null; // the advice could not read the headers: leave this accessor to the JDK
            }
            run(requestHeaders, proxy);
        }
        if (failure != null) {
            return failed(accessor);
        }
        return chosen.answer(accessor, arguments);
    }

    synchronized void release() {
        if (chosen != null) {
            chosen.close();
        }
    }

    private void run(Map<String, List<String>> requestHeaders, Proxy proxy) {
        LlmRequest request = new LlmRequest(connection.getRequestMethod(), uri, headersOf(requestHeaders),
                body == null ? new byte[0] : body.toByteArray());
        UrlConnectionTransport transport = new UrlConnectionTransport(connection, proxy, request);
        try {
            chosen = ChosenResponse.of(execute(request, transport), connection.getURL());
        } catch (IOException e) {
            failure = e;
        }
    }

    private LlmResponse execute(LlmRequest request, UrlConnectionTransport transport) throws IOException {
        try {
            return governor.execute(request, transport);
        } catch (FirstByteTimeoutException e) {
            throw asReadTimeout(e);
        } catch (RuntimeException | Error e) {
            FailureLog.once("HttpURLConnection call", e);
            return transport.send(request, null); // the app's request, once, as if the agent were absent
        }
    }

    /** Without a response, the accessors behave as the JDK's after a failed exchange. */
    private Outcome failed(String accessor) {
        return accessor.equals("getInputStream") ? Outcome.throwing(failure) : Outcome.returning(
                accessor.equals("getHeaderFields") ? Map.of() : null);
    }

    private static HttpHeaders headersOf(Map<String, List<String>> requestHeaders) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        requestHeaders.forEach((name, values) -> {
            if (name != null) {
                values.forEach(value -> headers.add(name, value));
            }
        });
        return headers.build();
    }

    /** Our own first-byte timeout reaches the app the way the JDK reports a read timeout. */
    private static SocketTimeoutException asReadTimeout(FirstByteTimeoutException e) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(e);
        return timeout;
    }
}
