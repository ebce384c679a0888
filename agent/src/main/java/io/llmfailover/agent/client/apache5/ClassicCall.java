package io.llmfailover.agent.client.apache5;

import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.core5.concurrent.CancellableDependency;
import org.apache.hc.core5.http.ClassicHttpRequest;

/** One classic call through the failover handler: the app's request, and the rest of the chain its attempts go down. */
final class ClassicCall extends Apache5Call<ClassicHttpRequest> {

    final ExecChain.Scope scope;
    final ExecChain chain;

    ClassicCall(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain) {
        super(request, scope.route);
        this.scope = scope;
        this.chain = chain;
    }

    /** True when the app cancelled its request ({@code HttpUriRequestBase.cancel()}). */
    boolean cancelledByApp() {
        return scope.originalRequest instanceof CancellableDependency app && app.isCancelled();
    }
}
