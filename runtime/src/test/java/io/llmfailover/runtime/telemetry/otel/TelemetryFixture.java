package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A gateway wired to telemetry that exports to an {@link OtlpReceiver}: providers "openai" (the
 * app's, at 127.0.0.1:9001, OpenAI protocol), "deepseek" (OpenAI protocol, its own key, model
 * deepseek-chat) and "claude" (Anthropic protocol), route openai -> deepseek -> claude.
 */
final class TelemetryFixture implements AutoCloseable {

    static final String OPENAI = "127.0.0.1:9001";
    static final String DEEPSEEK = "127.0.0.1:9002";
    static final String CLAUDE = "127.0.0.1:9003";
    static final String APP_KEY = "sk-app-secret-0123456789";
    static final String DEEPSEEK_KEY = "sk-deepseek-secret-9876543210";
    static final String PROMPT = "tell me the secret recipe for pancakes";

    final ManualClock clock = new ManualClock();
    final OtlpReceiver receiver;
    final Telemetry telemetry;
    final Gateway gateway;
    final ScriptedTransport providers = new ScriptedTransport();

    TelemetryFixture() throws IOException {
        this(new OtlpReceiver(), Map.of());
    }

    TelemetryFixture(OtlpReceiver receiver, Map<String, String> otel) throws IOException {
        this(receiver, otel, config());
    }

    /** A gateway over {@code config}, whose providers are this fixture's. */
    TelemetryFixture(FailoverConfig config) throws IOException {
        this(new OtlpReceiver(), Map.of(), config);
    }

    private TelemetryFixture(OtlpReceiver receiver, Map<String, String> otel, FailoverConfig config) throws IOException {
        this.receiver = receiver;
        this.telemetry = OtelTelemetry.start(settings(receiver.endpoint(), otel), clock);
        this.gateway = Gateway.builder(config).clock(clock)
                .state(new LocalResilienceState(config.breaker(), config.throttle(), clock,
                        List.of(telemetry.breakerListener()), List.of(telemetry.throttleListener())))
                .observer(telemetry.observer())
                .build();
    }

    static ExportSettings settings(String endpoint, Map<String, String> overrides) {
        Map<String, String> otel = new HashMap<>();
        otel.put("otel.exporter.otlp.endpoint", endpoint);
        otel.put("otel.service.name", "telemetry-test");
        otel.put("otel.bsp.schedule.delay", "60000");
        otel.put("otel.metric.export.interval", "600000");
        otel.putAll(overrides);
        return ExportSettings.from(new OtelProperties(otel, name -> null, name -> null));
    }

    /** Exports everything pending to the receiver. */
    void flush() {
        telemetry.flush();
    }

    static LlmRequest chat(boolean stream) {
        return chat(stream, "");
    }

    /** @param extraFields more top-level JSON fields, each with a leading comma */
    static LlmRequest chat(boolean stream, String extraFields) {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer " + APP_KEY)
                .add("Content-Type", "application/json")
                .build();
        String body = "{\"model\":\"gpt-4o\",\"stream\":" + stream + ",\"messages\":[{\"role\":\"user\",\"content\":\""
                + PROMPT + "\"}]" + extraFields + "}";
        return new LlmRequest("POST", URI.create("http://" + OPENAI + "/v1/chat/completions"), headers,
                body.getBytes(StandardCharsets.UTF_8));
    }

    static FailoverConfig config() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("openai", new Provider("openai", URI.create("http://" + OPENAI + "/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("deepseek", new Provider("deepseek", URI.create("http://" + DEEPSEEK + "/v1"), Protocol.OPENAI,
                List.of(DEEPSEEK_KEY), Map.of("*", "deepseek-chat")));
        providers.put("claude", new Provider("claude", URI.create("http://" + CLAUDE + "/v1"), Protocol.ANTHROPIC,
                List.of("sk-ant-secret"), Map.of("*", "claude-sonnet-4-5")));
        return new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("chat", "openai", null, List.of("openai", "deepseek", "claude"))),
                new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 1),
                ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());
    }

    @Override
    public void close() {
        telemetry.shutdown();
        receiver.close();
    }
}
