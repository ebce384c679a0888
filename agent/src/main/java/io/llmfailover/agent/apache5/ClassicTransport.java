package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.core5.concurrent.CancellableDependency;
import org.apache.hc.core5.concurrent.ComplexCancellable;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpException;

/**
 * Sends each attempt down the rest of the app's classic exec chain (protocol, connect, transport),
 * on a runtime of its own, so an attempt abandoned at the first-byte deadline can be aborted
 * alone, and so can the app's own cancellation of the request.
 */
final class ClassicTransport implements io.llmfailover.runtime.http.LegacyTransport {

    private final ExecChain.Scope scope;
    private final ExecChain chain;
    private final LlmRequest appRequest;
    private final ClassicHttpRequest appClassicRequest;

    ClassicTransport(ExecChain.Scope scope, ExecChain chain, LlmRequest appRequest, ClassicHttpRequest appClassicRequest) {
        this.scope = scope;
        this.chain = chain;
        this.appRequest = appRequest;
        this.appClassicRequest = appClassicRequest;
    }

    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        boolean untouched = attempt == appRequest;
        ClassicHttpRequest request = untouched ? appClassicRequest : Apache5Requests.toClassic(attempt);
        HttpRoute route = untouched ? scope.route : Apache5Requests.routeTo(attempt.uri(), scope.route);
        ComplexCancellable cancellable = new ComplexCancellable();
        if (scope.originalRequest instanceof CancellableDependency appCancellable) {
            appCancellable.setDependency(cancellable);
        }
        ExecChain.Scope attemptScope = new ExecChain.Scope(scope.exchangeId, route, request,
                scope.execRuntime.fork(cancellable), scope.clientContext);
        Attempt sending = new Attempt(request, attemptScope, cancellable, untouched);
        return HeadDeadline.await(firstByteTimeout, sending, sending, sending);
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas: a lambda
     * call site whose type names an adapter class can make the JVM resolve that class through the
     * agent jar's built-in loader, which cannot see HttpClient 5.
     */
    private final class Attempt implements HeadDeadline.Attempt<ClassicLlmResponse>, Runnable, Consumer<ClassicLlmResponse> {
        private final ClassicHttpRequest request;
        private final ExecChain.Scope scope;
        private final ComplexCancellable cancellable;
        private final boolean untouched;

        Attempt(ClassicHttpRequest request, ExecChain.Scope scope, ComplexCancellable cancellable, boolean untouched) {
            this.request = request;
            this.scope = scope;
            this.cancellable = cancellable;
            this.untouched = untouched;
        }

        @Override
        public ClassicLlmResponse send() throws IOException {
            try {
                return new ClassicLlmResponse(chain.proceed(request, scope), untouched);
            } catch (HttpException e) {
                throw new ClientProtocolException(e.getMessage(), e);
            }
        }

        /** Aborts the attempt in flight: its connection is closed. */
        @Override
        public void run() {
            cancellable.cancel();
        }

        /** Releases a head that arrived too late. */
        @Override
        public void accept(ClassicLlmResponse late) {
            late.close();
        }
    }
}
