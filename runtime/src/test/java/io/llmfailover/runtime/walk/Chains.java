package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.DrillSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.OperatingSettings;
import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.keys.AppKeyId;
import io.llmfailover.runtime.keys.KeyFingerprint;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.state.fleet.FleetState;
import io.llmfailover.runtime.state.fleet.FleetStore;
import io.llmfailover.runtime.testing.RecordingResilienceState;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A gateway over a chain of scripted providers, with its state in view: the app addresses
 * {@code primary} (OpenAI, its own key); {@code backup} and {@code third} are OpenAI-compatible
 * fallbacks with keys of their own, {@code claude} speaks Anthropic, {@code gemini} speaks Gemini.
 */
final class Chains {

    static final String PRIMARY = "127.0.0.1:9001";
    static final String BACKUP = "127.0.0.1:9002";
    static final String THIRD = "127.0.0.1:9003";
    static final String CLAUDE = "127.0.0.1:9004";
    static final String GEMINI = "127.0.0.1:9005";
    static final String BEDROCK = "127.0.0.1:9006";
    static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}";
    static final String CLAUDE_ANSWER = "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\","
            + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}],"
            + "\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":3,\"output_tokens\":1}}";
    static final BreakerSettings BREAKER = new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 1);

    final ManualClock clock = new ManualClock();
    final ManualScheduler scheduler = new ManualScheduler(clock);
    final RecordingResilienceState state;
    final Gateway gateway;

    Chains(String... chain) {
        this(BREAKER, ThrottleSettings.DEFAULTS, chain);
    }

    Chains(BreakerSettings breaker, ThrottleSettings throttle, String... chain) {
        this(config(breaker, throttle, chain));
    }

    /** A gateway whose calls may spend at most {@code budget} walking {@code chain}. */
    Chains(CallBudget budget, String... chain) {
        this(withBudget(config(chain), budget));
    }

    /** A gateway with the last-resort cache as {@code cache} says, walking {@code chain}. */
    Chains(CacheSettings cache, String... chain) {
        this(withCache(config(chain), cache));
    }

    /** A gateway whose calls wait in a queue as {@code queue} says, and may spend at most {@code budget} walking. */
    Chains(QueueSettings queue, CallBudget budget, String... chain) {
        this(withBudget(withShaping(config(chain), config(chain).shaping().withQueue(queue)), budget));
    }

    /** A gateway whose calls wait in a queue as {@code queue} says, over throttles as {@code throttle} says. */
    Chains(QueueSettings queue, ThrottleSettings throttle, String... chain) {
        this(withShaping(config(BREAKER, throttle, chain), config(chain).shaping().withQueue(queue)));
    }

    /** A gateway whose calls send the next step alongside their first attempt once it has no content after {@code after}. */
    static Chains hedgingAfter(Duration after, String... chain) {
        return new Chains(withShaping(config(chain), config(chain).shaping().withHedgeAfter(after)));
    }

    /** As {@link #hedgingAfter(Duration, String...)}, for calls on {@code route}, which may say otherwise. */
    static Chains hedgingAfter(Duration after, RouteSettings route) {
        FailoverConfig config = config(route.chain().toArray(String[]::new));
        return new Chains(new FailoverConfig(config.source(), config.providers(), List.of(route), config.breaker(),
                config.throttle(), config.firstByteTimeout(), config.failoverOn(), config.defaultMaxTokens(), config.otel(),
                config.strict(), config.extra(), config.headTimeout(), config.bufferMaxBytes(),
                config.shaping().withHedgeAfter(after)));
    }

    /** A gateway with {@code drills} on, walking {@code chain}. */
    static Chains drilling(DrillSettings drills, String... chain) {
        return new Chains(withOperating(config(chain), new OperatingSettings(drills, null)));
    }

    /** As {@link #drilling}, on an instance of a fleet that shares through {@code fleet}. */
    static Chains drillingInFleet(DrillSettings drills, FleetStore fleet, String... chain) {
        FailoverConfig config = withOperating(config(chain), new OperatingSettings(drills, null));
        return new Chains(config, clock -> FleetState.start(config, fleet, clock, config.providers().keySet(), List.of(),
                List.of()));
    }

    /** A gateway whose broken text streams are finished by the chain's next provider ({@code stream.resume}). */
    static Chains resumingStreams(String... chain) {
        return new Chains(withOperating(config(chain), new OperatingSettings(DrillSettings.OFF, null, null, true)));
    }

    private static FailoverConfig withOperating(FailoverConfig config, OperatingSettings operating) {
        return new FailoverConfig(config.source(), config.providers(), config.routes(), config.breaker(),
                config.throttle(), config.firstByteTimeout(), config.failoverOn(), config.defaultMaxTokens(), config.otel(),
                config.strict(), config.extra(), config.headTimeout(), config.bufferMaxBytes(), config.shaping(),
                config.fleet(), operating);
    }

    Chains(FailoverConfig config) {
        this(config, clock -> new LocalResilienceState(config.breaker(), config.throttle(), clock, List.of(), List.of()));
    }

    private Chains(FailoverConfig config, Function<ManualClock, ResilienceState> store) {
        state = new RecordingResilienceState(store.apply(clock));
        gateway = Gateway.builder(config).clock(clock).scheduler(scheduler).state(state).build();
    }

    private static FailoverConfig withBudget(FailoverConfig config, CallBudget budget) {
        return withShaping(config, config.shaping().withBudget(budget));
    }

    private static FailoverConfig withCache(FailoverConfig config, CacheSettings cache) {
        TrafficShaping shaping = config.shaping();
        return withShaping(config, new TrafficShaping(shaping.budget(), shaping.limits(), cache));
    }

    private static FailoverConfig withShaping(FailoverConfig config, TrafficShaping shaping) {
        return new FailoverConfig(config.source(), config.providers(), config.routes(), config.breaker(), config.throttle(),
                config.firstByteTimeout(), config.failoverOn(), config.defaultMaxTokens(), config.otel(), config.strict(),
                config.extra(), config.headTimeout(), config.bufferMaxBytes(), shaping);
    }

    /** Calls in flight on a provider's key, as its throttle counts them. */
    int inFlight(String provider) {
        return throttle(provider).inFlight();
    }

    /** The throttle {@link #chat()} calls go through on a provider: the app's own credential's on {@code primary}. */
    Throttle throttle(String provider) {
        String keyId = provider.equals("primary") ? appKeyId(chat()) : keyId(provider + "-key");
        return state.throttle(provider, keyId);
    }

    /** The names of keys under the default {@code state.key-salt}. */
    static final KeyFingerprint DEFAULT_IDS = KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT);

    /** The id of one of a provider's own keys, under the default salt. */
    static String keyId(String key) {
        return KeyPool.keyId(DEFAULT_IDS, key);
    }

    /** The id of the credential {@code request} carries, under the default salt. */
    static String appKeyId(LlmRequest request) {
        return new AppKeyId(DEFAULT_IDS).of(request);
    }

    static LlmRequest chat() {
        return chat(false);
    }

    static LlmRequest chat(boolean stream) {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app-secret")
                .add("Content-Type", "application/json")
                .build();
        String body = "{\"model\":\"gpt-4o\",\"stream\":" + stream + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers,
                body.getBytes(StandardCharsets.UTF_8));
    }

    static FailoverConfig config(String... chain) {
        return config(BREAKER, ThrottleSettings.DEFAULTS, chain);
    }

    static FailoverConfig config(BreakerSettings breaker, ThrottleSettings throttle, String... chain) {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("primary", new Provider("primary", URI.create("http://" + PRIMARY + "/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("backup", new Provider("backup", URI.create("http://" + BACKUP + "/v1"), Protocol.OPENAI,
                List.of("backup-key"), Map.of("*", "backup-model")));
        providers.put("third", new Provider("third", URI.create("http://" + THIRD + "/v1"), Protocol.OPENAI,
                List.of("third-key"), Map.of()));
        providers.put("claude", new Provider("claude", URI.create("http://" + CLAUDE + "/v1"), Protocol.ANTHROPIC,
                List.of("claude-key"), Map.of("*", "claude-sonnet-4-5")));
        providers.put("gemini", new Provider("gemini", URI.create("http://" + GEMINI + "/v1beta"), Protocol.GEMINI,
                List.of("gemini-key"), Map.of("*", "gemini pro")));
        providers.put("bedrock", new Provider("bedrock", URI.create("http://" + BEDROCK), Protocol.BEDROCK,
                List.of("bedrock-key"), Map.of("*", "us.anthropic.claude-haiku-4-5-20251001-v1:0")));
        return new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("main", "primary", null, List.of(chain))),
                breaker, throttle, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false,
                Map.of());
    }
}
