package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.log.RepeatSummary;
import io.llmfailover.runtime.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lines a call left alone gets: a governed call sent ungoverned, repeated ones summarised once a
 * minute; a near miss, once per host; and with {@code agent.log.level = debug}, why each was left alone.
 */
final class PassThroughLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.agent");
    private static final Logger DECISIONS = LoggerFactory.getLogger("io.llmfailover.decision");
    private static final RepeatSummary REPEATS = new RepeatSummary(Clock.SYSTEM, Duration.ofMinutes(1));
    /** Hosts whose near miss was told: a call to a host of the catalogue's suffixes (Azure) may name any. */
    private static final int MAX_NEAR_MISS_HOSTS = 64;
    private static final Set<String> NEAR_MISS_HOSTS = ConcurrentHashMap.newKeySet();

    private PassThroughLog() {}

    /**
     * Why a call through an instrumented client was left alone: at INFO, once per host, when it
     * looks like a generation call to a provider's host and port (another scheme, a path outside
     * the base path, a protocol the provider does not speak), naming the nearest provider and what
     * differs; with {@code agent.log.level = debug}, for every call there is something to say about.
     */
    static void notGoverned(String client, String method, URI uri, CallRunner governor) {
        boolean nearMiss = governor.reachesProvider(uri) && CallRecognizer.looksLikeGeneration(method, uri.getRawPath())
                && firstNearMissAt(uri.getHost());
        if (!nearMiss && !DECISIONS.isDebugEnabled()) {
            return;
        }
        String why = governor.whyNotGoverned(method, uri);
        if (why == null) {
            return;
        }
        if (nearMiss) {
            LOG.info("llm-failover: {} {} {} not governed, sent as the app made it: {} (said once for this host)",
                    client, method, target(uri), why);
        }
        DECISIONS.debug("llm-failover: {} {} {} not governed: {}", client, method, target(uri), why);
    }

    private static boolean firstNearMissAt(String host) {
        String named = String.valueOf(host).toLowerCase(Locale.ROOT);
        return !NEAR_MISS_HOSTS.contains(named) && NEAR_MISS_HOSTS.size() < MAX_NEAR_MISS_HOSTS
                && NEAR_MISS_HOSTS.add(named);
    }

    private static String target(URI uri) {
        return uri == null ? "?" : uri.getScheme() + "://" + uri.getHost()
                + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + uri.getRawPath();
    }

    static void passedThrough(String client, URI uri, String reason) {
        String target = target(uri);
        long alsoSince = REPEATS.occurred(reason + " " + target);
        if (alsoSince >= 0) {
            LOG.info("llm-failover: {} call to {} sent as the app made it, without failover: {}{}", client, target,
                    reason, alsoSince > 0 ? " (" + alsoSince + " more since the last such line)" : "");
        }
    }
}
