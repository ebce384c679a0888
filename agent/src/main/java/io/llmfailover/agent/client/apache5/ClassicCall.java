package io.llmfailover.agent.client.apache5;

import java.net.URI;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.core5.concurrent.CancellableDependency;
import org.apache.hc.core5.http.ClassicHttpRequest;

/** One classic call through the failover handler: the app's request, and the rest of the chain its attempts go down. */
final class ClassicCall {

    final ClassicHttpRequest request;
    final ExecChain.Scope scope;
    final ExecChain chain;
    final URI uri;

    ClassicCall(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain) {
        this.request = request;
        this.scope = scope;
        this.chain = chain;
        this.uri = Apache5Requests.uriOf(request, scope.route);
    }

    /** True when the app cancelled its request ({@code HttpUriRequestBase.cancel()}). */
    boolean cancelledByApp() {
        return scope.originalRequest instanceof CancellableDependency app && app.isCancelled();
    }
}
