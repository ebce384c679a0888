package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.bootstrap.UrlConnectionHook;
import io.llmfailover.agent.bootstrap.UrlConnectionHook.Internals;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * The {@code HttpURLConnection} adapter's entry point. Each connection is judged once, at its first
 * hooked call, before a body byte is written: governed (its state is kept here, weakly, as the JDK
 * class cannot hold it) or left alone. A connection the agent opens for an attempt is always left
 * alone, and so is one that passed through.
 */
public final class UrlConnectionAdapter implements UrlConnectionHook {

    private static final Object LEFT_ALONE = new Object();

    private final Supplier<CallRunner> governor;
    private final Map<Object, Object> connections = Collections.synchronizedMap(new WeakHashMap<>());

    public UrlConnectionAdapter() {
        this(InstalledRunner::governor);
    }

    UrlConnectionAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    @Override
    public HookOutcome outputStream(Object connection, Internals internals) {
        return judged(connection, internals) instanceof GovernedConnection governed
                ? governed.outputStream(internals.fixedLength()) : null;
    }

    @Override
    public HookOutcome response(Object connection, String accessor, Object argument, Internals internals) {
        return judged(connection, internals) instanceof GovernedConnection governed
                ? governed.response(accessor, argument, internals) : null;
    }

    /**
     * The connection's state, judged at its first hooked call; a request header the JDK must not
     * send (the agent's own) is removed from it at each, governed or not, before a request streamed
     * by the JDK writes its head.
     */
    private Object judged(Object connection, Internals internals) {
        Object state = connections.computeIfAbsent(connection, this::judge);
        String heldBack = state instanceof GovernedConnection governed ? governed.heldBack()
                : state instanceof HeldBack held ? held.header() : null;
        if (heldBack != null) {
            internals.removeRequestHeader(heldBack);
        }
        return state;
    }

    @Override
    public boolean skipsConnect(Object connection) {
        GovernedConnection governed = governed(connection);
        return governed != null && !governed.passedThrough();
    }

    @Override
    public void disconnected(Object connection) {
        // Only a connection already judged: an attempt aborted before its first hooked call is not governed.
        if (connections.get(connection) instanceof GovernedConnection governed) {
            governed.release();
        }
    }

    /** A connection left alone but for a header of the agent's the JDK must not send. */
    private record HeldBack(String header) {}

    private GovernedConnection governed(Object connection) {
        return connections.computeIfAbsent(connection, this::judge) instanceof GovernedConnection governed ? governed : null;
    }

    private Object judge(Object connection) {
        HttpURLConnection http = (HttpURLConnection) connection;
        if (AttemptGuard.sendingRewritten()) {
            // Another adapter's rewritten attempt (Spring's RestClient on this client): handed back, never followed.
            http.setInstanceFollowRedirects(false);
            return LEFT_ALONE;
        }
        URI uri;
        try {
            uri = http.getURL().toURI();
        } catch (URISyntaxException notAUri) {
            return LEFT_ALONE;
        }
        GovernedConnection candidate = new GovernedConnection(http, uri);
        Governance governing = CallLifecycle.start(UrlConnectionBinding.INSTANCE, candidate, governor);
        if (governing == null) {
            return candidate.heldBack() != null ? new HeldBack(candidate.heldBack()) : LEFT_ALONE;
        }
        candidate.governedBy(governing);
        return candidate;
    }
}
