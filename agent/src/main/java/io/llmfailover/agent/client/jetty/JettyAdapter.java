package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.transport.HttpDestination;
import org.eclipse.jetty.client.transport.HttpRequest;

/**
 * The Jetty 12 adapter's entry point. Whether a request is governed, and the caller's class loader
 * and span, are read on the sending thread (the app's, or Jetty's for a redirect); a governed call
 * then leaves it at once for an agent thread. The agent's own attempts, and Jetty's redirects and
 * retries of them, go on untouched.
 */
public final class JettyAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;
    /** The governed calls not yet ended, by the app's request, so that its abort reaches them. */
    private final Map<HttpRequest, JettyCall> running = new ConcurrentHashMap<>();

    public JettyAdapter() {
        this(InstalledRunner::governor);
    }

    JettyAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /** {@code send}: the request is the agent's to send; {@code aborted}: the app aborted it. */
    @Override
    public Object hook(String hook, Object request, Object[] arguments) {
        if (hook.equals("aborted")) {
            aborted(request, (Throwable) arguments[0]);
            return null;
        }
        return send(request, arguments[0], arguments[1]);
    }

    public boolean send(Object request, Object destination, Object listener) {
        HttpRequest app = (HttpRequest) request;
        if (AttemptGuard.sendingRewritten()) {
            // A rewritten attempt of another adapter (WebClient, RestClient over Jetty): a redirect is
            // handed back, never followed with the attempt's key to a host the app never addressed.
            app.followRedirects(false);
            return false;
        }
        if (AgentsOwn.isMarked(app) || running.containsKey(app)) {
            return false;
        }
        JettyCall call = new JettyCall(app, (HttpDestination) destination, (Response.CompleteListener) listener, running);
        Governance governance = CallLifecycle.start(JettyBinding.INSTANCE, call, governor);
        if (governance == null) {
            return false;
        }
        running.put(app, call);
        if (CallLifecycle.runAsync(JettyBinding.INSTANCE, call, governance, AgentThreads.shared(), call) == null) {
            running.remove(app);
            return false; // every agent thread is busy: sent as if the agent were absent
        }
        return true;
    }

    public void aborted(Object request, Throwable cause) {
        JettyCall call = running.get(request);
        if (call != null) {
            call.abort(cause);
        }
    }
}
