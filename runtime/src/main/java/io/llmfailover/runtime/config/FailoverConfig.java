package io.llmfailover.runtime.config;

import io.llmfailover.runtime.keys.KeyFingerprint;
import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.provider.Provider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The whole configuration, immutable, built once at start from the properties file, the system
 * property overrides and the environment.
 *
 * @param source the file it was read from, empty when no file was found
 * @param providers configured providers by name, in file order
 * @param routes routes in file order
 * @param firstContentDeadline {@code timeout.first-byte} (default 60s): the wait for a streamed call's
 *     first content
 * @param defaultMaxTokens {@code translation.default-max-tokens}: the {@code max_tokens} sent to a
 *     target that requires one (Anthropic) when the app set no limit
 * @param otel every {@code otel.*} key, as written, for the telemetry set-up
 * @param strict {@code agent.strict}: a bad config stops the JVM instead of disabling the agent
 * @param extra every other key as written (after substitution), for features that read their own
 * @param headDeadline {@code timeout.head} (default 10m): the wait for the response head of a call that
 *     does not stream, whose head only comes after the whole generation; past it the attempt is
 *     aborted and counts as a timeout ({@code failover.on}'s {@code timeout}). A streamed call's head
 *     is bounded by {@code timeout.first-byte} instead
 * @param bufferMaxBytes {@code buffer.max-bytes} (default 32MB): a governed request body larger than this passes
 *     through ungoverned, as the app made it
 * @param shaping what one call may spend, each provider's quotas and context window, the last-resort cache
 * @param fleet {@code state.*}: whether, and through which Redis, the instance shares its state with its fleet
 * @param operating {@code drill.*} and {@code status.interval}
 * @param sourceContent the bytes of {@code source} the config was parsed from, null when it has no file:
 *     what the config watch compares the file with, so that an edit made after the parse is never
 *     taken for what was loaded (not to be changed; {@link #toString()} never shows it)
 * @param fromEnvironment the keys the environment set ({@code LLM_FAILOVER_<KEY>} variables), for the start line
 */
public record FailoverConfig(
        Optional<Path> source,
        Map<String, Provider> providers,
        List<RouteSettings> routes,
        BreakerSettings breaker,
        ThrottleSettings throttle,
        Duration firstContentDeadline,
        FailoverPolicy failoverOn,
        int defaultMaxTokens,
        Map<String, String> otel,
        boolean strict,
        Map<String, String> extra,
        Duration headDeadline,
        long bufferMaxBytes,
        TrafficShaping shaping,
        FleetSettings fleet,
        OperatingSettings operating,
        byte[] sourceContent,
        Set<String> fromEnvironment) {

    public static final Duration DEFAULT_FIRST_BYTE_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_TOKENS = BridgeOptions.DEFAULT_MAX_TOKENS;
    public static final Duration DEFAULT_HEAD_TIMEOUT = Duration.ofMinutes(10);
    public static final long DEFAULT_BUFFER_MAX_BYTES = 32L << 20;

    public FailoverConfig {
        if (defaultMaxTokens < 1) {
            throw new IllegalArgumentException("defaultMaxTokens must be positive, was " + defaultMaxTokens);
        }
        providers = Collections.unmodifiableMap(new LinkedHashMap<>(providers));
        routes = List.copyOf(routes);
        otel = Map.copyOf(otel);
        extra = Map.copyOf(extra);
        shaping = shaping == null ? TrafficShaping.NONE : shaping;
        fleet = fleet == null ? FleetSettings.LOCAL : fleet;
        operating = operating == null ? OperatingSettings.DEFAULTS : operating;
        fromEnvironment = fromEnvironment == null ? Set.of() : Set.copyOf(fromEnvironment);
        if (bufferMaxBytes < 1) {
            throw new IllegalArgumentException("bufferMaxBytes must be positive, was " + bufferMaxBytes);
        }
    }

    /** A configuration made without reading its file (no {@link #sourceContent}). */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            int defaultMaxTokens, Map<String, String> otel, boolean strict, Map<String, String> extra,
            Duration headDeadline, long bufferMaxBytes, TrafficShaping shaping, FleetSettings fleet,
            OperatingSettings operating) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, defaultMaxTokens, otel, strict,
                extra, headDeadline, bufferMaxBytes, shaping, fleet, operating, null, Set.of());
    }

    /** A configuration with no drill and no status page. */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            int defaultMaxTokens, Map<String, String> otel, boolean strict, Map<String, String> extra,
            Duration headDeadline, long bufferMaxBytes, TrafficShaping shaping, FleetSettings fleet) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, defaultMaxTokens, otel, strict,
                extra, headDeadline, bufferMaxBytes, shaping, fleet, OperatingSettings.DEFAULTS);
    }

    /** A configuration of an instance that keeps its state to itself. */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            int defaultMaxTokens, Map<String, String> otel, boolean strict, Map<String, String> extra,
            Duration headDeadline, long bufferMaxBytes, TrafficShaping shaping) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, defaultMaxTokens, otel, strict,
                extra, headDeadline, bufferMaxBytes, shaping, FleetSettings.LOCAL);
    }

    /** A configuration whose calls may try every step of their chain, however long it takes. */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            int defaultMaxTokens, Map<String, String> otel, boolean strict, Map<String, String> extra,
            Duration headDeadline, long bufferMaxBytes) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, defaultMaxTokens, otel, strict,
                extra, headDeadline, bufferMaxBytes, TrafficShaping.NONE);
    }

    /** A configuration with the default {@code timeout.head} and {@code buffer.max-bytes}. */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            int defaultMaxTokens, Map<String, String> otel, boolean strict, Map<String, String> extra) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, defaultMaxTokens, otel, strict,
                extra, DEFAULT_HEAD_TIMEOUT, DEFAULT_BUFFER_MAX_BYTES);
    }

    /** A configuration with the default {@code translation.default-max-tokens}. */
    public FailoverConfig(Optional<Path> source, Map<String, Provider> providers, List<RouteSettings> routes,
            BreakerSettings breaker, ThrottleSettings throttle, Duration firstContentDeadline, FailoverPolicy failoverOn,
            Map<String, String> otel, boolean strict, Map<String, String> extra) {
        this(source, providers, routes, breaker, throttle, firstContentDeadline, failoverOn, DEFAULT_MAX_TOKENS, otel,
                strict, extra);
    }

    /** {@code failover.max-attempts} and {@code failover.deadline}: what one call may spend. */
    public CallBudget budget() {
        return shaping.budget();
    }

    /**
     * Every model the config names: the keys (but {@code *}) and values of the providers' model
     * maps, and the models of chain steps. Their breakers are always exact; other models' are bounded (see
     * {@code LocalResilienceState}).
     */
    public Set<String> namedModels() {
        Set<String> named = new HashSet<>();
        for (Provider provider : providers.values()) {
            provider.models().forEach((requested, sent) -> {
                if (!requested.equals("*")) {
                    named.add(requested);
                }
                named.add(sent);
            });
        }
        for (RouteSettings route : routes) {
            route.chain().stream().map(RouteSettings::stepModel).filter(Objects::nonNull).forEach(named::add);
        }
        return Set.copyOf(named);
    }

    /** The key of the salt that names keys ({@code state.key-salt}). */
    public static final String KEY_SALT_KEY = "state.key-salt";

    /**
     * {@value #KEY_SALT_KEY}: the salt of the fingerprint that names each key, the operator's and
     * the app's, in Redis, logs, spans and JMX; {@code KeyFingerprint.DEFAULT_SALT} when unset.
     * Kept with the free-form keys, whose values {@link #toString()} never shows.
     */
    public String keySalt() {
        return extra.getOrDefault(KEY_SALT_KEY, KeyFingerprint.DEFAULT_SALT);
    }

    /** The key naming where the agent's own log lines go. */
    public static final String LOG_KEY = "agent.log";

    /** The key naming how much the agent logs. */
    public static final String LOG_LEVEL_KEY = "agent.log.level";

    /** The values of {@value #LOG_LEVEL_KEY}, the default first. */
    public static final List<String> LOG_LEVELS = List.of("info", "debug");

    /**
     * {@value #LOG_LEVEL_KEY}: {@code info} (the default: a line per change of state, never per
     * call) or {@code debug} (also one line per call with the agent's decision: governed or not and
     * why, the route, each attempt and its outcome; never a key or a prompt).
     */
    public String logLevel() {
        return extra.getOrDefault(LOG_LEVEL_KEY, LOG_LEVELS.get(0));
    }

    /** The key of the agent's log line format. */
    public static final String LOG_FORMAT_KEY = "agent.log.format";

    /** The values of {@value #LOG_FORMAT_KEY}, the default first. */
    public static final List<String> LOG_FORMATS = List.of("text", "json");

    /**
     * {@value #LOG_FORMAT_KEY}: {@code text} (the default: {@code <time> <LEVEL> <logger> - llm-failover: <message>})
     * or {@code json} (one object per line, for a log shipper), for the lines on standard error.
     */
    public String logFormat() {
        return extra.getOrDefault(LOG_FORMAT_KEY, LOG_FORMATS.get(0));
    }

    /** The values of {@value #LOG_KEY}, the default first. */
    public static final List<String> LOG_TARGETS = List.of("stderr", "jul", "off");

    /**
     * {@value #LOG_KEY}: {@code stderr} (the default: the agent's lines go to the JVM's standard
     * error, apart from the app's logging), {@code jul} (to java.util.logging, under logger names
     * {@code io.llmfailover.*}, where the app's logging set-up picks them up, as most bridge JUL)
     * or {@code off}.
     */
    public String log() {
        return extra.getOrDefault(LOG_KEY, LOG_TARGETS.get(0));
    }

    /** The configuration of an agent that found no file: defaults, no providers, no routes. */
    public static FailoverConfig defaults() {
        return new FailoverConfig(Optional.empty(), Map.of(), List.of(), BreakerSettings.DEFAULTS,
                ThrottleSettings.DEFAULTS, DEFAULT_FIRST_BYTE_TIMEOUT, FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());
    }

    @Override
    public String toString() {
        // Keys only for otel and extra: their values may hold credentials (OTLP headers, passwords).
        return "FailoverConfig[source=" + source.map(Path::toString).orElse("none")
                + ", providers=" + providers.values()
                + ", routes=" + routes
                + ", breaker=" + breaker
                + ", throttle=" + throttle
                + ", firstContentDeadline=" + firstContentDeadline
                + ", failoverOn=" + failoverOn
                + ", defaultMaxTokens=" + defaultMaxTokens
                + ", headDeadline=" + headDeadline
                + ", shaping=" + shaping
                + ", bufferMaxBytes=" + bufferMaxBytes
                + ", otel keys=" + new TreeSet<>(otel.keySet())
                + ", strict=" + strict
                + ", extra keys=" + new TreeSet<>(extra.keySet())
                + ", from the environment=" + new TreeSet<>(fromEnvironment) + "]";
    }
}
