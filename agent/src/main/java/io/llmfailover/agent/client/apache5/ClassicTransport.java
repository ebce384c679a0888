package io.llmfailover.agent.client.apache5;

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
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecRuntime;
import org.apache.hc.core5.concurrent.CancellableDependency;
import org.apache.hc.core5.concurrent.ComplexCancellable;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;

/**
 * Sends each attempt down the rest of the app's classic exec chain (protocol, connect, transport),
 * below the app's redirect stage, on a runtime of its own, so an attempt can be aborted alone: at
 * the agent's deadline, or by the app's own cancellation of the request.
 */
final class ClassicTransport implements Transport {

    private final ClassicCall call;

    ClassicTransport(ClassicCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        ClassicHttpRequest request;
        HttpRoute route = call.scope.route;
        if (!attempt.original()) {
            request = Apache5Requests.toClassic(attempt.request());
            route = Apache5Requests.routeTo(attempt.request().uri(), call.scope.route);
        } else {
            // Always a copy: the protocol stage below adds its headers (Content-Length, Host) to the
            // request it is given, so the app's own one, sent again (its turn after a 429) or retried
            // by the app's stage above, must go out as the app made it.
            request = ClassicRequestBuilder.copy(call.request).build();
            attempt.addedHeaders().forEach(request::addHeader);
        }
        ComplexCancellable cancellable = new ComplexCancellable();
        if (call.scope.originalRequest instanceof CancellableDependency app) {
            app.setDependency(cancellable);
        }
        ExecRuntime runtime = call.scope.execRuntime.fork(cancellable);
        Attempt sending = new Attempt(request, new ExecChain.Scope(call.scope.exchangeId, route, request, runtime,
                call.scope.clientContext), cancellable);
        return HeadDeadline.await(attempt.headDeadline(), sending, sending, sending, this::appGaveUp);
    }

    /**
     * The app cancelled its request, its thread was interrupted, or its own response timeout
     * (shorter than the agent's deadline, else that deadline would have come first) expired. A
     * connect timeout is HttpClient's {@code ConnectTimeoutException}, the provider's failure.
     */
    private boolean appGaveUp(IOException e) {
        return call.cancelledByApp() || Thread.currentThread().isInterrupted() || e instanceof SocketTimeoutException;
    }

    /**
     * One attempt's response, seen by the runtime; keeps the native response for the app. A body
     * read that fails once the app cancelled its request is the app's doing. Closing closes the
     * body the attempt received, whatever body the app was given instead, and discards the
     * attempt's own endpoint. Aborting closes the connection at once: closing the body would read a
     * chunked one to its end first (httpcore5's {@code ChunkedInputStream}), which a stream of
     * keep-alive comments never reaches.
     *
     * @param runtime the attempt's own exec runtime, holding its connection
     */
    private static NativeResponse<ClassicHttpResponse> received(ClassicHttpResponse response, ExecRuntime runtime,
            BooleanSupplier appCancelled) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Header header : response.getHeaders()) {
            headers.add(header.getName(), header.getValue());
        }
        HttpEntity received = response.getEntity();
        return NativeResponse.opening(response, response.getCode(), headers.build(),
                () -> received == null ? InputStream.nullInputStream() : AbandonableBody.of(received.getContent(), appCancelled))
                .closedBy(() -> {
                    try {
                        if (received != null) {
                            NativeResponse.closeQuietly(received);
                        }
                    } finally {
                        runtime.discardEndpoint();
                    }
                })
                .abortedBy(runtime::discardEndpoint);
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas: a lambda
     * call site whose type names an adapter class can make the JVM resolve that class through the
     * agent jar's built-in loader, which cannot see HttpClient 5.
     */
    private final class Attempt implements HeadDeadline.Attempt<NativeResponse<ClassicHttpResponse>>, Runnable,
            Consumer<NativeResponse<ClassicHttpResponse>> {
        private final ClassicHttpRequest request;
        private final ExecChain.Scope scope;
        private final ComplexCancellable cancellable;

        Attempt(ClassicHttpRequest request, ExecChain.Scope scope, ComplexCancellable cancellable) {
            this.request = request;
            this.scope = scope;
            this.cancellable = cancellable;
        }

        @Override
        public NativeResponse<ClassicHttpResponse> send() throws IOException {
            try {
                return received(call.chain.proceed(request, scope), scope.execRuntime, call::cancelledByApp);
            } catch (HttpException e) {
                throw new Apache5HttpFailure(e);
            }
        }

        /** Aborts the attempt in flight: its connection is closed. */
        @Override
        public void run() {
            cancellable.cancel();
        }

        /** Releases a head that arrived too late. */
        @Override
        public void accept(NativeResponse<ClassicHttpResponse> late) {
            late.abort();
        }
    }
}
