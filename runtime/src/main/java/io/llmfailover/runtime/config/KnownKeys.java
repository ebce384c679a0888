package io.llmfailover.runtime.config;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys of the contract under the prefixes the loader owns, and the closest one to a typo.
 * A key under one of these prefixes that is not listed here is an error, not a silent no-op.
 */
final class KnownKeys {

    static final String BREAKER_FAILURE_RATE = "breaker.failure-rate";
    static final String BREAKER_MINIMUM_CALLS = "breaker.minimum-calls";
    static final String BREAKER_WINDOW = "breaker.window";
    static final String BREAKER_CONSECUTIVE_FAILURES = "breaker.consecutive-failures";
    static final String BREAKER_OPEN_DURATION = "breaker.open-duration";
    static final String BREAKER_HALF_OPEN_PROBES = "breaker.half-open-probes";
    static final String THROTTLE_ENABLED = "throttle.enabled";
    static final String THROTTLE_INITIAL_LIMIT = "throttle.initial-limit";
    static final String THROTTLE_MIN_LIMIT = "throttle.min-limit";
    static final String THROTTLE_MAX_LIMIT = "throttle.max-limit";
    static final String THROTTLE_MAX_SILENCE = "throttle.max-silence";
    static final String TIMEOUT_FIRST_BYTE = "timeout.first-byte";
    static final String TIMEOUT_HEAD = "timeout.head";
    static final String BUFFER_MAX_BYTES = "buffer.max-bytes";
    static final String FAILOVER_ON = "failover.on";
    static final String FAILOVER_MAX_ATTEMPTS = "failover.max-attempts";
    static final String FAILOVER_DEADLINE = "failover.deadline";
    static final String FAILOVER_WAIT_FOR_RETRY_AFTER = "failover.wait-for-retry-after";
    static final String HEDGE_AFTER = "hedge.after";
    static final String CACHE_LAST_RESORT = "cache.last-resort";
    static final String CACHE_MAX_ENTRIES = "cache.max-entries";
    static final String CACHE_TTL = "cache.ttl";
    static final String CACHE_TOOLS = "cache.tools";
    static final String QUEUE_MAX_WAIT = "queue.max-wait";
    static final String QUEUE_MAX_LENGTH = "queue.max-length";
    static final String STATE_BACKEND = "state.backend";
    static final String STATE_REDIS_URL = "state.redis.url";
    static final String STATE_REDIS_PASSWORD = "state.redis.password";
    static final String STATE_REDIS_TIMEOUT = "state.redis.timeout";
    static final String STATE_REDIS_PREFIX = "state.redis.prefix";
    static final String STATE_KEY_SALT = FailoverConfig.KEY_SALT_KEY;
    static final String AGENT_STRICT = "agent.strict";
    static final String TRANSLATION_DEFAULT_MAX_TOKENS = "translation.default-max-tokens";
    static final String DRILL_ENABLED = "drill.enabled";
    static final String STATUS_INTERVAL = "status.interval";
    static final String CONFIG_RELOAD = "config.reload";
    static final String STREAM_RESUME = "stream.resume";
    /**
     * The cap on the agent's tasks: read by the agent's threads from the system property alone
     * ({@code -Dllm.failover.agent.max-threads}), since they may start before the file is read.
     */
    static final String AGENT_MAX_THREADS = "agent.max-threads";
    static final String AGENT_LOG = FailoverConfig.LOG_KEY;
    static final String AGENT_LOG_LEVEL = FailoverConfig.LOG_LEVEL_KEY;
    static final String AGENT_LOG_FORMAT = FailoverConfig.LOG_FORMAT_KEY;

    /** Prefixes whose every key must be known: a typo under them is reported. */
    static final List<String> OWNED_PREFIXES = List.of("breaker.", "throttle.", "timeout.", "failover.", "agent.",
            "translation.", "buffer.", "cache.", "queue.", "hedge.", "state.", "drill.", "status.", "config.", "stream.");

    static final Set<String> SETTINGS = Set.of(
            BREAKER_FAILURE_RATE, BREAKER_MINIMUM_CALLS, BREAKER_WINDOW, BREAKER_CONSECUTIVE_FAILURES,
            BREAKER_OPEN_DURATION, BREAKER_HALF_OPEN_PROBES, THROTTLE_ENABLED, THROTTLE_INITIAL_LIMIT,
            THROTTLE_MIN_LIMIT, THROTTLE_MAX_LIMIT, THROTTLE_MAX_SILENCE, TIMEOUT_FIRST_BYTE, TIMEOUT_HEAD, BUFFER_MAX_BYTES, FAILOVER_ON,
            FAILOVER_MAX_ATTEMPTS, FAILOVER_DEADLINE, FAILOVER_WAIT_FOR_RETRY_AFTER, HEDGE_AFTER, CACHE_LAST_RESORT, CACHE_MAX_ENTRIES, CACHE_TTL, CACHE_TOOLS,
            QUEUE_MAX_WAIT, QUEUE_MAX_LENGTH, STATE_BACKEND, STATE_REDIS_URL, STATE_REDIS_PASSWORD, STATE_REDIS_TIMEOUT,
            STATE_REDIS_PREFIX, STATE_KEY_SALT, DRILL_ENABLED, STATUS_INTERVAL, CONFIG_RELOAD, STREAM_RESUME,
            AGENT_STRICT, TRANSLATION_DEFAULT_MAX_TOKENS, AGENT_LOG, AGENT_LOG_LEVEL, AGENT_LOG_FORMAT);

    static final List<String> PROVIDER_ATTRIBUTES = List.of("url", "protocol", "api-key", "api-keys", "auth", "region", "model.*", "rpm", "tpm",
            "context-window");
    static final List<String> ROUTE_ATTRIBUTES = List.of("match", "chain", "hedge-after", "selectable");

    private KnownKeys() {}

    static boolean isOwned(String key) {
        return OWNED_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /** "unknown key; did you mean X?" or, with nothing close, the keys that exist. */
    static String unknownKeyProblem(String key, List<String> candidates) {
        Optional<String> closest = closest(key, candidates);
        return closest.map(candidate -> "unknown key; did you mean " + candidate + "?")
                .orElseGet(() -> "unknown key; expected one of " + String.join(", ", candidates));
    }

    static List<String> settingsUnder(String key) {
        String prefix = key.substring(0, key.indexOf('.') + 1);
        return SETTINGS.stream().filter(setting -> setting.startsWith(prefix)).sorted().toList();
    }

    static Optional<String> closest(String key, List<String> candidates) {
        return candidates.stream()
                .filter(candidate -> distance(key, candidate) <= Math.max(2, candidate.length() / 3))
                .min(Comparator.comparingInt(candidate -> distance(key, candidate)));
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
