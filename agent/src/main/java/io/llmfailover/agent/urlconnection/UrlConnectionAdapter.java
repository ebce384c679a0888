package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.Outcome;
import io.llmfailover.agent.bootstrap.UrlConnectionHook;
import io.llmfailover.agent.lifecycle.AttemptGuard;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.List;
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

    private final Supplier<CallGovernor> governor;
    private final Map<Object, Object> connections = Collections.synchronizedMap(new WeakHashMap<>());

    public UrlConnectionAdapter() {
        this(AgentRuntime::governor);
    }

    UrlConnectionAdapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public boolean awaitsCall(Object connection) {
        GovernedConnection governed = governed(connection);
        return governed != null && governed.awaitsCall();
    }

    @Override
    public Outcome outputStream(Object connection, long fixedLength) {
        GovernedConnection governed = governed(connection);
        return governed == null ? null : governed.outputStream(fixedLength);
    }

    @Override
    public Outcome response(Object connection, String accessor, Object[] arguments,
            Map<String, List<String>> requestHeaders, Object proxy) {
        GovernedConnection governed = governed(connection);
        return governed == null ? null : governed.response(accessor, arguments, requestHeaders, (Proxy) proxy);
    }

    @Override
    public String heldBack(Object connection) {
        Object state = connections.computeIfAbsent(connection, this::judge);
        if (state instanceof GovernedConnection governed) {
            return governed.heldBack();
        }
        return state instanceof HeldBack held ? held.header() : null;
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
        Object state = connections.computeIfAbsent(connection, this::judge);
        return state instanceof GovernedConnection governed ? governed : null;
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
