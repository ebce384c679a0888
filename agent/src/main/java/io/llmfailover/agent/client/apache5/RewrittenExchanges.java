package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

/**
 * The exchanges of attempts another adapter rewrote and sends through this client (Spring's
 * RestClient and WebClient on Apache HttpClient 5), known by the request each exchange started
 * with: noted on the thread that hands the attempt over ({@link AttemptGuard}), found again when a
 * retry of it runs on another thread. A redirect any of their executions gets loses its {@code
 * Location}, so the redirect stage above hands it back rather than follow it with the attempt's key.
 */
final class RewrittenExchanges {

    private static final Set<HttpRequest> REWRITTEN = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private RewrittenExchanges() {}

    /** Whether the exchange that started with {@code originalRequest} sends a rewritten attempt. */
    static boolean isRewritten(HttpRequest originalRequest) {
        if (AttemptGuard.sendingRewritten()) {
            REWRITTEN.add(originalRequest);
            return true;
        }
        return !REWRITTEN.isEmpty() && REWRITTEN.contains(originalRequest);
    }

    /** A redirect, handed back: no {@code Location} for the redirect stage to follow. */
    static void handBack(HttpResponse response) {
        if (response.getCode() >= 300 && response.getCode() < 400) {
            response.removeHeaders("Location");
        }
    }
}
