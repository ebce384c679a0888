package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.http.Header;
import org.apache.http.HttpEntity;
import org.apache.http.HttpException;
import org.apache.http.HttpHost;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.execchain.ClientExecChain;

/**
 * The transport of one governed call: sends each attempt through the app client's protocol stage
 * and below, each with an abort handle of its own that the app's own abort reaches too. The app's
 * redirect stage sits above: it never sees an attempt, only the answer.
 */
final class Apache4Transport implements Transport {

    private final Apache4Call call;

    Apache4Transport(Apache4Call call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        HttpRoute route = call.route;
        HttpRequestWrapper request;
        if (!attempt.original()) {
            HttpHost target = Apache4Requests.targetOf(attempt.request().uri());
            route = Apache4Requests.routeTo(target, call.route);
            request = HttpRequestWrapper.wrap(Apache4Requests.toApache(attempt.request()), target);
        } else {
            // Always a wrapper of the app's own, with headers of its own: the protocol stage adds its
            // headers (Content-Length, Host) to the request it is given, so the app's request, sent
            // again (its turn after a 429) or retried by the app's stage above, goes out as the app made it.
            request = HttpRequestWrapper.wrap(call.request, call.request.getTarget());
            attempt.addedHeaders().forEach(request::addHeader);
        }
        AttemptAbort abort = new AttemptAbort();
        if (call.execAware != null) {
            call.execAware.setCancellable(abort);
        }
        Attempt sending = new Attempt(route, request, abort);
        return HeadDeadline.await(attempt.headDeadline(), sending, sending, sending, this::appGaveUp);
    }

    /**
     * The app aborted its request, its thread was interrupted, or its own socket timeout (shorter
     * than the agent's deadline, else that deadline would have come first) expired. A connect
     * timeout is HttpClient's {@code ConnectTimeoutException}, the provider's failure.
     */
    private boolean appGaveUp(IOException e) {
        return call.abortedByApp() || Thread.currentThread().isInterrupted() || e instanceof SocketTimeoutException;
    }

    /** The app's request down the protocol stage, as the client would send it without the agent. */
    static CloseableHttpResponse execute(ClientExecChain protocolExec, HttpRoute route, HttpRequestWrapper request,
            HttpClientContext context, HttpExecutionAware execAware) throws IOException {
        try {
            return protocolExec.execute(route, request, context, execAware);
        } catch (HttpException e) {
            throw new Apache4HttpFailure(e);
        }
    }

    /**
     * One attempt's response, seen by the runtime; keeps the native response for the app. A body
     * read that fails once the app aborted its request is the app's doing. Closing closes the
     * response, which releases the connection; aborting shuts the connection down at once (the
     * client's own abort): nothing is read, nothing waited for.
     *
     * @param abort the attempt's abort, as an object: a method reference to {@link AttemptAbort}
     *     would name an adapter class at its call site (see {@link Attempt})
     */
    private static NativeResponse<CloseableHttpResponse> received(CloseableHttpResponse response, Runnable abort,
            BooleanSupplier appAborted) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Header header : response.getAllHeaders()) {
            headers.add(header.getName(), header.getValue());
        }
        return NativeResponse.opening(response, response.getStatusLine().getStatusCode(), headers.build(), () -> {
            HttpEntity entity = response.getEntity();
            return entity == null ? InputStream.nullInputStream() : AbandonableBody.of(entity.getContent(), appAborted);
        }).closedBy(() -> NativeResponse.closeQuietly(response)).abortedBy(abort);
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas: a lambda
     * call site whose type names an adapter class made the JVM resolve that class through the
     * agent jar's built-in loader, which cannot see HttpClient 4.
     */
    private final class Attempt implements HeadDeadline.Attempt<NativeResponse<CloseableHttpResponse>>, Runnable,
            Consumer<NativeResponse<CloseableHttpResponse>> {
        private final HttpRoute route;
        private final HttpRequestWrapper request;
        private final AttemptAbort abort;

        Attempt(HttpRoute route, HttpRequestWrapper request, AttemptAbort abort) {
            this.route = route;
            this.request = request;
            this.abort = abort;
        }

        @Override
        public NativeResponse<CloseableHttpResponse> send() throws IOException {
            return received(execute(call.protocolExec, route, request, call.context, abort), this, call::abortedByApp);
        }

        /** Aborts the attempt in flight. */
        @Override
        public void run() {
            abort.cancel();
        }

        /** Releases a head that arrived too late. */
        @Override
        public void accept(NativeResponse<CloseableHttpResponse> late) {
            late.close();
        }
    }
}
