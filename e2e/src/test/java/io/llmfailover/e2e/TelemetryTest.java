package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.llmfailover.e2e.OtlpReceiver.ScopedSpan;
import io.llmfailover.e2e.StubProvider.Failure;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import io.llmfailover.e2e.apps.TracedApp;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * What an operator sees in a trace backend: the agent in an unmodified app's JVM exports to an
 * OTLP receiver here, which decodes the real protobuf. One child JVM per scenario.
 */
@Isolated
class TelemetryTest {

    private static final String OURS = "io.llmfailover";
    private static final String CALL_SPAN = "chat gpt-4o";
    private static final String APP_KEY = "sk-app-telemetry-0123456789";
    private static final String BACKUP_KEY = "sk-backup-telemetry-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    /** What every child app asks; prompts never leave the JVM unless the operator opts in. */
    private static final String PROMPT = "Say hello";

    @TempDir
    Path workDir;

    private OtlpReceiver receiver;
    private StubProvider primary;
    private StubProvider backup;

    @BeforeEach
    void start() throws Exception {
        receiver = new OtlpReceiver();
        primary = StubProvider.answering("primary");
        backup = StubProvider.answering("backup");
    }

    @AfterEach
    void stop() {
        receiver.close();
        primary.close();
        backup.close();
    }

    /** The JDK client's app takes the answer with {@code ofString()}: its success reaches the app's handler as it is read. */
    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"SDK_BLOCKING", "JDK_BLOCKING"})
    void aPassThroughCallIsOneGenAiSpanWhoseContextReachesTheProvider(ClientCall client) throws Exception {
        AppOutput output = run(client, primary.baseUrl(), config(), "1");

        assertCompleted(output);
        assertAnsweredBy(primary, client, output, 1);
        ScopedSpan call = receiver.span(OURS, CALL_SPAN);
        assertEquals(Span.SpanKind.SPAN_KIND_CLIENT, call.span().getKind());
        assertAttributes(call, Map.of(
                "gen_ai.operation.name", "chat",
                "gen_ai.provider.name", "primary",
                "gen_ai.request.model", "gpt-4o",
                "gen_ai.response.model", "primary-model",
                "gen_ai.usage.input_tokens", 9L,
                "gen_ai.usage.output_tokens", 3L,
                "gen_ai.response.finish_reasons", List.of("stop"),
                "server.address", "127.0.0.1",
                "llm_failover.served_by", "primary",
                "llm_failover.failed_over", false));
        assertEquals("", call.parentSpanId().replace("0", ""), "no app span: the call span is a root");
        // One attempt that answered: no span of its own, the call span says what it would have said.
        assertEquals(List.of(), receiver.childrenOf(call));
        assertAttributes(call, Map.of("http.response.status_code", 200L, "llm_failover.attempts", 1L,
                "llm_failover.served_by", "primary", "llm_failover.outcome", "success"));
        String traceparent = primary.chatRequests().get(0).getHeader("traceparent");
        assertTrue(traceparent.matches("00-" + call.traceId() + "-" + call.spanId() + "-0[13]"),
                "W3C trace context of the call, sampled: " + traceparent);
        assertTrue(histogramCount("gen_ai.client.operation.duration", "gen_ai.provider.name", "primary") >= 1,
                "operation duration recorded");
        assertEquals(Set.of("input", "output"), tokenTypes(), "token usage by type");
        assertNothingSecret(true);
    }

    /**
     * The exporters send over HttpURLConnection: an app on OkHttp gets no JDK HttpClient from the
     * agent, whose selector thread, waiting in native code, would hold the JVM's exit up by about
     * 300 ms; its spans and metrics still reach the collector, the last of them at exit.
     */
    @Test
    void anAppThatExportsGetsNoJdkHttpClientFromTheAgent() throws Exception {
        Path classLoads = workDir.resolve("class-loads.txt");
        Path configFile = config().writeTo(workDir.resolve("llm-failover-e2e.properties"));
        AppOutput output = telemetryEnv(ClientCall.SDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgent(configFile)
                .jvmArg("-Xlog:class+load=info:file=" + classLoads), Map.of()).run();

        assertCompleted(output);
        receiver.span(OURS, CALL_SPAN);
        assertTrue(histogramCount("gen_ai.client.operation.duration", "gen_ai.provider.name", "primary") >= 1,
                "the metrics exported at exit");
        List<String> jdkClient = Files.readAllLines(classLoads).stream()
                .filter(line -> line.contains(" jdk.internal.net.http.HttpClientImpl ")).toList();
        assertEquals(List.of(), jdkClient, "no JDK HttpClient built in an app that uses none");
    }

    @Test
    void promptsAreExportedOnlyWhenTheOperatorOptsIn() throws Exception {
        AppOutput output = run(ClientCall.SDK_BLOCKING, primary.baseUrl(), config(), "1",
                Map.of("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true"));

        assertCompleted(output);
        assertTrue(contains(receiver.rawBytes(), PROMPT), "the prompt is exported once capture is on");
        assertTrue(contains(receiver.rawBytes(), primary.content()), "so is the completion");
        assertNothingSecret(false);
    }

    @Test
    void aHedgedCallShowsTheFirstAttemptThatLostAndTheHedgeThatWon() throws Exception {
        primary.answeringAfter(Duration.ofSeconds(3));

        AppOutput output = run(ClientCall.JDK_BLOCKING, primary.baseUrl(), config().set("hedge.after", "200ms"), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1);
        ScopedSpan call = receiver.span(OURS, CALL_SPAN);
        assertAttributes(call, Map.of("llm_failover.served_by", "backup", "llm_failover.attempts", 2L));
        ScopedSpan first = receiver.span(OURS, "attempt primary");
        ScopedSpan hedge = receiver.span(OURS, "attempt backup");
        assertEquals(call.spanId(), first.parentSpanId());
        assertEquals(call.spanId(), hedge.parentSpanId());
        assertAttributes(first, Map.of("llm_failover.attempt", 1L, "llm_failover.outcome", "hedge_lost"));
        assertEquals(Status.StatusCode.STATUS_CODE_UNSET, first.span().getStatus().getCode(), "losing a race is no error");
        assertAttributes(hedge, Map.of("llm_failover.attempt", 2L, "llm_failover.hedged", true,
                "llm_failover.outcome", "success", "http.response.status_code", 200L));
    }

    @Test
    void aRateLimitedPrimaryShowsTheSilenceTheFailoverAndTheBackupThatServed() throws Exception {
        primary.rateLimited(Duration.ofSeconds(30));

        AppOutput output = run(ClientCall.JDK_BLOCKING, primary.baseUrl(), config(), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1);
        ScopedSpan call = receiver.span(OURS, CALL_SPAN);
        assertAttributes(call, Map.of("llm_failover.served_by", "backup", "llm_failover.failed_over", true,
                "llm_failover.attempts", 2L, "gen_ai.provider.name", "backup", "gen_ai.response.model", "backup-model"));
        ScopedSpan first = receiver.span(OURS, "attempt primary");
        ScopedSpan second = receiver.span(OURS, "attempt backup");
        assertEquals(call.spanId(), first.parentSpanId());
        assertEquals(call.spanId(), second.parentSpanId());
        assertAttributes(first, Map.of("http.response.status_code", 429L, "error.type", "429",
                "llm_failover.failover.reason", "429", "llm_failover.attempt", 1L));
        assertEquals(Status.StatusCode.STATUS_CODE_ERROR, first.span().getStatus().getCode());
        assertTrue(first.span().getEventsList().stream().anyMatch(event ->
                        event.getName().equals("llm_failover.throttle.silenced")),
                "the Retry-After silence is an event on the attempt that caused it: " + first.span().getEventsList());
        assertAttributes(second, Map.of("http.response.status_code", 200L, "llm_failover.attempt", 2L,
                "gen_ai.request.model", "backup-model", "llm_failover.outcome", "success"));
        assertEquals(1L, counterValue("llm_failover.failovers", "llm_failover.failover.reason", "429"));
        assertNothingSecret(true);
    }

    @Test
    void anOpeningBreakerIsAnEventAndTheNextCallShowsTheSkip() throws Exception {
        primary.failing(Failure.OVERLOADED);

        AppOutput output = run(ClientCall.SDK_BLOCKING, primary.baseUrl(), config(), "4");

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.SDK_BLOCKING, output, 1, 2, 3, 4);
        List<ScopedSpan> primaryAttempts = receiver.spans().stream()
                .filter(span -> span.name().equals("attempt primary")).toList();
        assertEquals(3, primaryAttempts.size(), "three failures open the breaker; the fourth call skips it");
        assertTrue(primaryAttempts.stream().anyMatch(span -> span.span().getEventsList().stream().anyMatch(event ->
                        event.getName().equals("llm_failover.breaker.transition")
                                && OtlpReceiver.attributes(event.getAttributesList()).get("llm_failover.breaker.to")
                                        .equals("open"))),
                "the attempt that opened the breaker carries the transition: " + primaryAttempts);
        List<ScopedSpan> skipping = receiver.spans().stream()
                .filter(span -> span.name().equals(CALL_SPAN))
                .filter(span -> span.span().getEventsList().stream().anyMatch(event ->
                        event.getName().equals("llm_failover.provider.skipped")
                                && "breaker_open".equals(OtlpReceiver.attributes(event.getAttributesList())
                                        .get("llm_failover.skip.reason"))))
                .toList();
        assertEquals(1, skipping.size(), "the fourth call skipped the open breaker");
        assertEquals(List.of(), receiver.childrenOf(skipping.get(0)), "one attempt: on the call span");
        assertEquals("backup", skipping.get(0).attributes().get("llm_failover.served_by"));
        assertTrue(gaugeValue("llm_failover.breaker.state", Map.of("llm_failover.provider", "primary",
                "llm_failover.breaker.state", "open")) == 1L, "the breaker-state gauge shows primary open");
    }

    @Test
    void aStreamBrokenMidwayEndsTheCallSpanWithTheError() throws Exception {
        try (BrokenStreamProvider broken = new BrokenStreamProvider()) {
            ConfigFile config = ConfigFile.primaryFallingOverTo(broken.baseUrl(), backup.baseUrl())
                    .set("timeout.first-byte", "5s");

            AppOutput output = run(ClientCall.JDK_STREAM, broken.baseUrl(), config, "1");

            assertCompleted(output);
            assertFalse(output.errors().isEmpty(), "the app saw its stream break" + output.describe());
            ScopedSpan call = receiver.span(OURS, CALL_SPAN);
            assertEquals(Status.StatusCode.STATUS_CODE_ERROR, call.span().getStatus().getCode(), call.toString());
            assertTrue(call.attributes().containsKey("error.type"), call.toString());
            assertTrue(call.span().getEventsList().stream().anyMatch(event -> event.getName().equals("exception")),
                    "the break is recorded as an exception event");
            assertAttributes(call, Map.of("http.response.status_code", 200L, "llm_failover.outcome", "success"));
            assertEquals(0, backup.chatRequests().size(), "a stream that has started is never failed over");
        }
    }

    @Test
    void aCrossProtocolFailoverShowsTheTranslatedAttempt() throws Exception {
        WireMockServer claude = LoopbackWireMock.start();
        try {
            claude.stubFor(post(urlPathEqualTo("/v1/messages")).willReturn(aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(ANTHROPIC_MESSAGE)));
            primary.failing(Failure.OVERLOADED);
            ConfigFile config = ConfigFile.create()
                    .set("provider.primary.url", primary.baseUrl())
                    .set("provider.primary.protocol", "openai")
                    .set("provider.claude.url", "http://127.0.0.1:" + claude.port() + "/v1")
                    .set("provider.claude.protocol", "anthropic")
                    .set("provider.claude.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                    .set("provider.claude.model.*", "claude-test")
                    .set("route.main.match", "primary")
                    .set("route.main.chain", "primary, claude");

            AppOutput output = run(ClientCall.SDK_BLOCKING, primary.baseUrl(), config, "1");

            assertCompleted(output);
            assertEquals("Hello from claude", output.result(1).map(AppOutput.Result::content).orElse(null),
                    output::describe);
            ScopedSpan call = receiver.span(OURS, CALL_SPAN);
            assertAttributes(call, Map.of("llm_failover.served_by", "claude", "llm_failover.failed_over", true,
                    "gen_ai.usage.input_tokens", 7L, "gen_ai.usage.output_tokens", 4L));
            ScopedSpan translated = receiver.span(OURS, "attempt claude");
            assertEquals(call.spanId(), translated.parentSpanId());
            assertAttributes(translated, Map.of("llm_failover.translated", true, "llm_failover.protocol", "anthropic",
                    "gen_ai.request.model", "claude-test", "http.response.status_code", 200L));
            assertAttributes(receiver.span(OURS, "attempt primary"), Map.of("llm_failover.translated", false,
                    "llm_failover.failover.reason", "503"));
            assertNothingSecret(true);
        } finally {
            claude.stop();
        }
    }

    @Test
    void withTheOpenTelemetryJavaAgentAlsoAttachedEverySpanIsInTheAppsOneTrace() throws Exception {
        Path otelAgent = Path.of(System.getProperty("otel.javaagent.jar", "missing"));
        assertTrue(Files.isRegularFile(otelAgent), "the OpenTelemetry Java agent was fetched into " + otelAgent);
        Path configFile = config().writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = telemetryEnv(ChildJvm.of(TracedApp.class, workDir)
                .args(primary.baseUrl(), APP_KEY, "blocking", "1")
                .jvmArg("-javaagent:" + otelAgent)
                .withAgent(configFile)
                .env("OTEL_METRICS_EXPORTER", "none")
                .env("OTEL_LOGS_EXPORTER", "none"), Map.of())
                .timeout(Duration.ofSeconds(120)) // two agents starting on a busy 2-core machine
                .run();

        assertCompleted(output);
        assertAnsweredBy(primary, ClientCall.SDK_BLOCKING, output, 1);
        String appLine = output.stdoutLines().stream().filter(line -> line.startsWith("APPSPAN ")).findFirst()
                .orElseThrow(() -> new AssertionError("the app printed no span" + output.describe()));
        String traceId = appLine.replaceAll(".*trace=(\\S+).*", "$1");
        String appSpanId = appLine.replaceAll(".*span=(\\S+).*", "$1");
        assertNotEquals("00000000000000000000000000000000", traceId, "the OpenTelemetry agent made the app's span real");

        ScopedSpan call = receiver.span(OURS, CALL_SPAN);
        assertEquals(traceId, call.traceId(), "our call span is in the app's trace" + receiver.spans());
        List<ScopedSpan> trace = receiver.trace(traceId);
        ScopedSpan app = trace.stream().filter(span -> span.name().equals("handle-request")).findFirst()
                .orElseThrow(() -> new AssertionError("the app's span was not exported: " + receiver.spans()));
        assertEquals(appSpanId, app.spanId());
        // The span current when the SDK sends is the app's, or the one the OpenTelemetry agent's own
        // OpenAI SDK instrumentation opened inside it: ours is a child of that, under the app's span.
        ScopedSpan parent = trace.stream().filter(span -> span.spanId().equals(call.parentSpanId())).findFirst()
                .orElseThrow(() -> new AssertionError("our call span's parent is not in the trace: " + trace));
        assertTrue(parent == app || parent.parentSpanId().equals(appSpanId),
                "our call span hangs under the app's span: " + parent);
        assertFalse(parent.scope().equals(OURS), "its parent is the app's (or OpenTelemetry agent's) span");
        assertTrue(trace.stream().anyMatch(span -> !span.scope().equals(OURS) && span.name().startsWith("POST")),
                "the OpenTelemetry agent's HTTP client span is in the same trace: " + trace);
        Set<String> ids = trace.stream().map(ScopedSpan::spanId).collect(Collectors.toSet());
        assertAll(trace.stream().filter(span -> span != app).map(span -> () ->
                assertTrue(ids.contains(span.parentSpanId()), "every span's parent is in the trace: " + span)));
        assertEquals(ids.size(), trace.size(), "no span exported twice");
        assertTrue(primary.chatRequests().get(0).getHeader("traceparent").startsWith("00-" + traceId + "-"),
                "the provider sees the app's trace");
    }

    @Test
    void aCollectorThatIsDownCostsTheAppOneLogLineAndNoCall() throws Exception {
        String deadCollector = "http://127.0.0.1:" + DeadPort.allocate();
        Path configFile = config().writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = ClientCall.SDK_STREAM.launch(workDir, primary.baseUrl(), APP_KEY, "3")
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", deadCollector)
                .env("OTEL_BSP_SCHEDULE_DELAY", "50")
                .env("OTEL_METRIC_EXPORT_INTERVAL", "100")
                .timeout(Duration.ofSeconds(20))
                .run();

        assertCompleted(output);
        assertAnsweredBy(primary, ClientCall.SDK_STREAM, output, 1, 2, 3);
        List<String> exportLines = output.stderrLines().stream()
                .filter(line -> line.contains("telemetry export")).toList();
        assertTrue(exportLines.size() <= 3, "one line per exporting component at most" + output.describe());
        assertTrue(exportLines.stream().allMatch(line -> line.matches("\\S+Z WARN telemetry - llm-failover: .*")),
                "in the agent's own log format" + output.describe());
        assertTrue(output.stderrLines().stream().noneMatch(line -> line.contains("opentelemetry")
                        || line.startsWith("SEVERE") || line.startsWith("\tat ")),
                "the SDK's own log lines and stack traces stay out of the app's stderr" + output.describe());
    }

    private static final String ANTHROPIC_MESSAGE = """
            {"id":"msg_e2e","type":"message","role":"assistant","model":"claude-test",
             "content":[{"type":"text","text":"Hello from claude"}],"stop_reason":"end_turn",
             "stop_sequence":null,"usage":{"input_tokens":7,"output_tokens":4}}""";

    private ConfigFile config() {
        return ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider.backup.model.*", "backup-model")
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", "30s")
                .set("timeout.first-byte", "5s");
    }

    private AppOutput run(ClientCall client, String appBaseUrl, ConfigFile config, String plan) throws Exception {
        return run(client, appBaseUrl, config, plan, Map.of());
    }

    private AppOutput run(ClientCall client, String appBaseUrl, ConfigFile config, String plan,
            Map<String, String> env) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-e2e.properties"));
        return telemetryEnv(client.launch(workDir, appBaseUrl, APP_KEY, plan).withAgent(configFile), env).run();
    }

    /** Exports to the receiver, spans in short batches; metrics once, as the JVM exits. */
    private ChildJvm telemetryEnv(ChildJvm child, Map<String, String> env) {
        child.env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint())
                .env("OTEL_SERVICE_NAME", "e2e-app")
                .env("OTEL_BSP_SCHEDULE_DELAY", "100")
                .env("OTEL_METRIC_EXPORT_INTERVAL", "60000");
        env.forEach(child::env);
        return child;
    }

    private static void assertAttributes(ScopedSpan span, Map<String, Object> expected) {
        Map<String, Object> actual = span.attributes();
        assertAll(expected.entrySet().stream().map(entry -> () -> assertEquals(entry.getValue(),
                actual.get(entry.getKey()), entry.getKey() + " of " + span)));
    }

    private void assertNothingSecret(boolean promptsToo) {
        byte[] exported = receiver.rawBytes();
        assertTrue(exported.length > 0, "something was exported");
        assertFalse(contains(exported, APP_KEY), "the app's key was exported");
        assertFalse(contains(exported, BACKUP_KEY), "the backup's key was exported");
        if (promptsToo) {
            assertFalse(contains(exported, PROMPT), "the prompt was exported without the operator's consent");
        }
    }

    private static boolean contains(byte[] haystack, String needle) {
        return new String(haystack, StandardCharsets.ISO_8859_1)
                .contains(new String(needle.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }

    private long histogramCount(String metric, String key, String value) {
        return receiver.metrics(metric).stream()
                .flatMap(m -> m.getHistogram().getDataPointsList().stream())
                .filter(point -> value.equals(OtlpReceiver.attributes(point.getAttributesList()).get(key)))
                .mapToLong(point -> point.getCount())
                .max().orElse(0);
    }

    private Set<Object> tokenTypes() {
        return receiver.metrics("gen_ai.client.token.usage").stream()
                .flatMap(m -> m.getHistogram().getDataPointsList().stream())
                .map(point -> OtlpReceiver.attributes(point.getAttributesList()).get("gen_ai.token.type"))
                .collect(Collectors.toSet());
    }

    private long counterValue(String metric, String key, String value) {
        return receiver.metrics(metric).stream()
                .flatMap(m -> m.getSum().getDataPointsList().stream())
                .filter(point -> value.equals(OtlpReceiver.attributes(point.getAttributesList()).get(key)))
                .mapToLong(NumberDataPoint::getAsInt)
                .max().orElse(0);
    }

    private long gaugeValue(String metric, Map<String, Object> attributes) {
        Predicate<NumberDataPoint> matching = point -> OtlpReceiver.attributes(point.getAttributesList()).entrySet()
                .containsAll(attributes.entrySet());
        List<Metric> exported = receiver.metrics(metric);
        return exported.stream()
                .flatMap(m -> m.getGauge().getDataPointsList().stream())
                .filter(matching)
                .mapToLong(NumberDataPoint::getAsInt)
                .reduce((first, last) -> last).orElse(-1);
    }
}
