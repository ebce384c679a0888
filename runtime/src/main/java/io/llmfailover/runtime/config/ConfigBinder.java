package io.llmfailover.runtime.config;

import static io.llmfailover.runtime.config.KnownKeys.*;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the file's entries, the environment's and the system properties' into a {@link FailoverConfig}:
 * a variable replaces or adds a key of the file, a system property one of either, {@code ${NAME}} is substituted, every key is checked, and every
 * problem is reported together.
 */
final class ConfigBinder {

    private final Map<String, String> env;
    private final ConfigProblems problems;
    private final Map<String, ConfigEntry> settings = new LinkedHashMap<>();
    private final Map<String, String> otel = new LinkedHashMap<>();
    private final Map<String, String> extra = new LinkedHashMap<>();
    private final ProviderDefinitions providers = new ProviderDefinitions();
    private final RouteDefinitions routes = new RouteDefinitions();
    private final DrillDefinitions drills = new DrillDefinitions();

    private ConfigBinder(Map<String, String> env, ConfigProblems problems) {
        this.env = env;
        this.problems = problems;
    }

    /**
     * @param source the file, if one was found
     * @param sourceContent the file's bytes the entries were parsed from; null when no file was found
     * @param fileEntries the file's entries, in file order
     * @param problems problems already found while reading the file
     */
    static FailoverConfig bind(Optional<Path> source, byte[] sourceContent, List<ConfigEntry> fileEntries,
            List<ConfigEntry> environment, List<ConfigEntry> overrides, Map<String, String> env, ConfigProblems problems)
            throws ConfigException {
        ConfigBinder binder = new ConfigBinder(env, problems);
        Map<String, ConfigEntry> merged = new LinkedHashMap<>();
        fileEntries.forEach(entry -> merged.put(entry.key(), entry));
        environment.forEach(entry -> merged.put(entry.key(), entry));
        overrides.forEach(entry -> merged.put(entry.key(), entry));
        merged.values().forEach(entry -> binder.accept(binder.substituted(entry)));
        Set<String> fromEnvironment = new TreeSet<>();
        merged.values().stream().filter(entry -> entry.origin() == ConfigEntry.Origin.ENVIRONMENT)
                .forEach(entry -> fromEnvironment.add(entry.key()));
        FailoverConfig config = binder.build(source, sourceContent, fromEnvironment);
        problems.throwIfAny(source.map(Path::toString).orElse("(no file)"), binder.strict());
        return config;
    }

    /** The entry with its placeholders replaced, or with a null value when one cannot be; a variable's value is taken as it is. */
    private ConfigEntry substituted(ConfigEntry entry) {
        if (entry.origin() == ConfigEntry.Origin.ENVIRONMENT) {
            return entry;
        }
        try {
            return entry.withValue(EnvPlaceholders.resolve(entry.rawValue(), env));
        } catch (EnvPlaceholders.UnresolvedPlaceholder e) {
            problems.add(entry, e.getMessage());
            return entry.withValue(null);
        }
    }

    private void accept(ConfigEntry entry) {
        String key = entry.key();
        if (key.startsWith("provider.")) {
            providers.accept(entry, problems);
        } else if (key.startsWith("route.")) {
            routes.accept(entry, problems);
        } else if (entry.value() == null) {
            return;
        } else if (DrillDefinitions.isFault(key)) {
            drills.accept(entry);
        } else if (key.startsWith("otel.")) {
            otel.put(key, entry.value());
        } else if (key.equals(AGENT_MAX_THREADS)) {
            if (entry.origin() != ConfigEntry.Origin.SYSTEM_PROPERTY) {
                problems.add(entry, "read from the system property alone: start the JVM with -Dllm.failover."
                        + AGENT_MAX_THREADS + "=" + entry.rawValue());
            }
        } else if (SETTINGS.contains(key)) {
            settings.put(key, entry);
        } else if (isOwned(key)) {
            problems.addUnknownKey(entry, unknownKeyProblem(key, settingsUnder(key)));
        } else {
            extra.put(key, entry.value());
        }
    }

    private FailoverConfig build(Optional<Path> source, byte[] sourceContent, Set<String> fromEnvironment) {
        TypedSettings typed = new TypedSettings(settings, problems);
        var providerMap = providers.build(problems);
        var routeList = routes.build(providers.names(), problems);
        // agent.log and state.key-salt travel with the other free-form keys; they are checked here so a typo is reported.
        Map<String, String> withLog = new LinkedHashMap<>(extra);
        if (typed.entry(AGENT_LOG).isPresent()) {
            withLog.put(AGENT_LOG, typed.oneOf(AGENT_LOG, FailoverConfig.LOG_TARGETS));
        }
        if (typed.entry(AGENT_LOG_LEVEL).isPresent()) {
            withLog.put(AGENT_LOG_LEVEL, typed.oneOf(AGENT_LOG_LEVEL, FailoverConfig.LOG_LEVELS));
        }
        if (typed.entry(AGENT_LOG_FORMAT).isPresent()) {
            withLog.put(AGENT_LOG_FORMAT, typed.oneOf(AGENT_LOG_FORMAT, FailoverConfig.LOG_FORMATS));
        }
        keySalt(typed).ifPresent(salt -> withLog.put(STATE_KEY_SALT, salt));
        return new FailoverConfig(source, providerMap, routeList, breaker(typed), throttle(typed),
                typed.positiveDuration(TIMEOUT_FIRST_BYTE, FailoverConfig.DEFAULT_FIRST_BYTE_TIMEOUT),
                typed.failoverPolicy(FAILOVER_ON, FailoverPolicy.DEFAULTS),
                typed.positiveInt(TRANSLATION_DEFAULT_MAX_TOKENS, FailoverConfig.DEFAULT_MAX_TOKENS), otel,
                typed.bool(AGENT_STRICT, false), withLog,
                typed.positiveDuration(TIMEOUT_HEAD, FailoverConfig.DEFAULT_HEAD_TIMEOUT),
                typed.positiveSize(BUFFER_MAX_BYTES, FailoverConfig.DEFAULT_BUFFER_MAX_BYTES),
                new TrafficShaping(budget(typed), providers.limits(problems), cache(typed), queue(typed),
                        typed.durationOrZero(HEDGE_AFTER)), fleet(typed),
                new OperatingSettings(drills.build(typed.bool(DRILL_ENABLED, false), providerMap.keySet(), problems),
                        offOrPositive(typed, STATUS_INTERVAL, null),
                        offOrPositive(typed, CONFIG_RELOAD, OperatingSettings.DEFAULT_RELOAD_INTERVAL),
                        typed.bool(STREAM_RESUME, false)),
                sourceContent, fromEnvironment);
    }

    /** A duration that may be {@code off}: null then; {@code fallback} when the key is absent. */
    private static Duration offOrPositive(TypedSettings typed, String key, Duration fallback) {
        Optional<ConfigEntry> entry = typed.entry(key);
        if (entry.isEmpty()) {
            return fallback;
        }
        return "off".equalsIgnoreCase(entry.get().value().strip()) ? null : typed.positiveDuration(key, fallback);
    }

    private static CacheSettings cache(TypedSettings typed) {
        return new CacheSettings(typed.bool(CACHE_LAST_RESORT, false),
                typed.positiveInt(CACHE_MAX_ENTRIES, CacheSettings.DEFAULT_MAX_ENTRIES),
                typed.positiveDuration(CACHE_TTL, CacheSettings.DEFAULT_TTL), typed.bool(CACHE_TOOLS, false));
    }

    /** {@code state.backend} ({@code local}, the default, or {@code redis}) and {@code state.redis.*}. */
    private static FleetSettings fleet(TypedSettings typed) {
        boolean redis = typed.oneOf(STATE_BACKEND, FleetSettings.BACKENDS).equals("redis");
        URI url = typed.redisUrl(STATE_REDIS_URL, FleetSettings.DEFAULT_URL);
        String password = typed.entry(STATE_REDIS_PASSWORD).map(ConfigEntry::value).map(String::strip).orElse(null);
        String prefix = typed.entry(STATE_REDIS_PREFIX).map(ConfigEntry::value).map(String::strip).orElse(FleetSettings.DEFAULT_PREFIX);
        return new FleetSettings(redis, url, password,
                typed.positiveDuration(STATE_REDIS_TIMEOUT, FleetSettings.DEFAULT_TIMEOUT), prefix);
    }

    /** {@code state.key-salt}: any text but an empty one, taken as written (inner spaces count). */
    private Optional<String> keySalt(TypedSettings typed) {
        Optional<ConfigEntry> entry = typed.entry(STATE_KEY_SALT);
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        String salt = entry.get().value().strip();
        if (salt.isEmpty()) {
            problems.add(entry.get(), "empty; expected a secret of your own, the same on every instance of the fleet"
                    + " (e.g. the output of openssl rand -hex 16), or no key for the documented default");
            return Optional.empty();
        }
        return Optional.of(salt);
    }

    /** {@code queue.max-wait} (default {@code 0}: no queue) and {@code queue.max-length}. */
    private static QueueSettings queue(TypedSettings typed) {
        return new QueueSettings(typed.durationOrZero(QUEUE_MAX_WAIT),
                typed.positiveInt(QUEUE_MAX_LENGTH, QueueSettings.DEFAULT_MAX_LENGTH));
    }

    /** {@code failover.max-attempts} (default: every step) and {@code failover.deadline} (default and {@code off}: none). */
    private static CallBudget budget(TypedSettings typed) {
        int maxAttempts = typed.positiveInt(FAILOVER_MAX_ATTEMPTS, 0);
        boolean off = typed.entry(FAILOVER_DEADLINE).map(entry -> "off".equalsIgnoreCase(entry.value())).orElse(true);
        return new CallBudget(maxAttempts, off ? null : typed.positiveDuration(FAILOVER_DEADLINE, null),
                typed.bool(FAILOVER_WAIT_FOR_RETRY_AFTER, false));
    }

    /** Read leniently, so that even an otherwise invalid config can ask to stop the JVM. */
    private boolean strict() {
        ConfigEntry entry = settings.get(AGENT_STRICT);
        return entry != null && entry.value().strip().equalsIgnoreCase("true");
    }

    private static BreakerSettings breaker(TypedSettings typed) {
        BreakerSettings defaults = BreakerSettings.DEFAULTS;
        return new BreakerSettings(
                typed.rate(BREAKER_FAILURE_RATE, defaults.failureRate()),
                typed.positiveInt(BREAKER_MINIMUM_CALLS, defaults.minimumCalls()),
                typed.positiveDuration(BREAKER_WINDOW, defaults.window()),
                typed.intAtLeast(BREAKER_CONSECUTIVE_FAILURES, 0, defaults.consecutiveFailures()),
                typed.positiveDuration(BREAKER_OPEN_DURATION, defaults.openDuration()),
                typed.positiveInt(BREAKER_HALF_OPEN_PROBES, defaults.halfOpenProbes()));
    }

    private ThrottleSettings throttle(TypedSettings typed) {
        ThrottleSettings defaults = ThrottleSettings.DEFAULTS;
        boolean enabled = typed.bool(THROTTLE_ENABLED, defaults.enabled());
        int initial = typed.positiveInt(THROTTLE_INITIAL_LIMIT, defaults.initialLimit());
        int min = typed.positiveInt(THROTTLE_MIN_LIMIT, defaults.minLimit());
        int max = typed.positiveInt(THROTTLE_MAX_LIMIT, defaults.maxLimit());
        Duration maxSilence = typed.positiveDuration(THROTTLE_MAX_SILENCE, defaults.maxSilence());
        if (min > max) {
            reportLimits(typed, THROTTLE_MIN_LIMIT, "must not exceed throttle.max-limit (" + max + ")");
        } else if (initial < min || initial > max) {
            reportLimits(typed, THROTTLE_INITIAL_LIMIT,
                    "must lie between throttle.min-limit (" + min + ") and throttle.max-limit (" + max + ")");
        }
        return new ThrottleSettings(enabled, initial, min, max, maxSilence);
    }

    private void reportLimits(TypedSettings typed, String preferredKey, String problem) {
        Optional<ConfigEntry> entry = typed.entry(preferredKey)
                .or(() -> typed.entry(THROTTLE_INITIAL_LIMIT))
                .or(() -> typed.entry(THROTTLE_MIN_LIMIT))
                .or(() -> typed.entry(THROTTLE_MAX_LIMIT));
        entry.ifPresent(e -> problems.add(e, problem));
    }
}
