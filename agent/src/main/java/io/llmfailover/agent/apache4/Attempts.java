package io.llmfailover.agent.apache4;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.http.HttpException;
import org.apache.http.HttpHost;
import org.apache.http.client.ClientProtocolException;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.execchain.ClientExecChain;

/**
 * The transport of one governed call: sends each attempt through the app client's protocol stage
 * and below, each with an abort handle of its own (the app's own abort reaches it too).
 */
final class Attempts implements io.llmfailover.runtime.http.LegacyTransport {

    private final ClientExecChain protocolExec;
    private final HttpRoute appRoute;
    private final HttpRequestWrapper appWrapper;
    private final HttpClientContext context;
    private final HttpExecutionAware appExecAware;
    private final LlmRequest appRequest;

    Attempts(ClientExecChain protocolExec, HttpRoute appRoute, HttpRequestWrapper appWrapper, HttpClientContext context,
            HttpExecutionAware appExecAware, LlmRequest appRequest) {
        this.protocolExec = protocolExec;
        this.appRoute = appRoute;
        this.appWrapper = appWrapper;
        this.context = context;
        this.appExecAware = appExecAware;
        this.appRequest = appRequest;
    }

    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        boolean untouched = attempt == appRequest;
        HttpRoute route = appRoute;
        HttpRequestWrapper request = appWrapper;
        if (!untouched) {
            HttpHost target = Apache4Requests.targetOf(attempt.uri());
            route = Apache4Requests.routeTo(target, appRoute);
            request = HttpRequestWrapper.wrap(Apache4Requests.toApache(attempt), target);
        }
        AttemptAbort abort = new AttemptAbort();
        if (appExecAware != null) {
            appExecAware.setCancellable(abort);
        }
        Attempt sending = new Attempt(route, request, abort, untouched);
        return HeadDeadline.await(firstByteTimeout, sending, sending, sending);
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas: a lambda
     * call site whose type names an adapter class made the JVM resolve that class through the
     * agent jar's built-in loader, which cannot see HttpClient 4.
     */
    private final class Attempt implements HeadDeadline.Attempt<Apache4LlmResponse>, Runnable,
            Consumer<Apache4LlmResponse> {
        private final HttpRoute route;
        private final HttpRequestWrapper request;
        private final AttemptAbort abort;
        private final boolean untouched;

        Attempt(HttpRoute route, HttpRequestWrapper request, AttemptAbort abort, boolean untouched) {
            this.route = route;
            this.request = request;
            this.abort = abort;
            this.untouched = untouched;
        }

        @Override
        public Apache4LlmResponse send() throws IOException {
            return new Apache4LlmResponse(proceed(route, request, abort), untouched);
        }

        /** Aborts the attempt in flight. */
        @Override
        public void run() {
            abort.cancel();
        }

        /** Releases a head that arrived too late. */
        @Override
        public void accept(Apache4LlmResponse late) {
            late.close();
        }
    }

    private CloseableHttpResponse proceed(HttpRoute route, HttpRequestWrapper request, AttemptAbort abort) throws IOException {
        try {
            return protocolExec.execute(route, request, context, abort);
        } catch (HttpException e) {
            throw new ClientProtocolException(e);
        }
    }
}
