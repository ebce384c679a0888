package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.OtlpReceiver.ScopedSpan;
import io.llmfailover.e2e.apps.MicronautHttpClientApp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Micronaut app that streams as an SSE client does, its request accepting {@code text/event-stream}
 * (Micronaut then hands it one line of the stream per chunk, or one event at a time by
 * {@code eventStream}), in one child JVM with the agent attached: a healthy primary's stream passes
 * through, a fallback that speaks Anthropic is translated, and a stream broken after its third chunk
 * is finished by the backup. The app reads each as it reads a stream without the agent, and the
 * agent reads the provider's own event stream: what it translates, the transcript it resumes from,
 * and the facts its spans report.
 */
class MicronautEventStreamTest {

    private static final String APP_KEY = "sk-app-micronaut-sse-0123456789";
    private static final String BACKUP_KEY = "sk-backup-micronaut-sse-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    private static final List<String> BEFORE_THE_BREAK = List.of("Hello", ", wor", "ld");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    /** {@code exchangeStream}, the matrix's row; {@code eventStream}, which reads the blank lines between events too. */
    @ParameterizedTest
    @ValueSource(strings = {"exchangeStream", "eventStream"})
    void passedThroughTranslatedAndResumedStreamsReachTheAppAsMicronautSplitsThem(String call) throws Exception {
        try (StubProvider healthy = StubProvider.answering("passthrough-primary");
                StubProvider unused = StubProvider.answering("passthrough-backup");
                StubProvider overloaded = StubProvider.answering("translated-primary").failing(StubProvider.Failure.OVERLOADED);
                AnthropicStub anthropic = AnthropicStub.answering("translated-backup");
                BrokenStreamProvider broken = new BrokenStreamProvider(BEFORE_THE_BREAK.toArray(String[]::new));
                StubProvider finishing = StubProvider.answering("resumed-backup");
                OtlpReceiver receiver = new OtlpReceiver()) {
            ConfigFile config = ConfigFile.create()
                    .set("timeout.first-byte", "5s")
                    .set("stream.resume", "true");
            route(config, "passthrough", healthy.baseUrl(), unused.baseUrl(), "openai");
            route(config, "translated", overloaded.baseUrl(), anthropic.baseUrl(), "anthropic");
            route(config, "resumed", broken.baseUrl(), finishing.baseUrl(), "openai");
            List<String> cellUrls = List.of("passthrough=" + healthy.baseUrl(), "translated=" + overloaded.baseUrl(),
                    "resumed=" + broken.baseUrl());
            AppOutput whole = ClientCall.MICRONAUT_SSE_STREAM.launchCells(workDir, APP_KEY, cellUrls)
                    .jvmArg("-D" + MicronautHttpClientApp.EVENT_STREAM_PROPERTY + "=" + call)
                    .withAgent(config.writeTo(workDir.resolve("llm-failover-micronaut-sse.properties")))
                    .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                    .env("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint())
                    .env("OTEL_BSP_SCHEDULE_DELAY", "100")
                    .run();
            Map<String, CellRun> cells = CellRuns.split(whole);

            AppOutput passedThrough = cell(cells, "passthrough", whole);
            assertStreamed(healthy.chunks(), passedThrough);
            assertEquals(0, unused.chatRequests().size(), passedThrough::describe);
            assertEquals(List.of("stop"), callServedBy("passthrough-primary", receiver).attributes()
                    .get("gen_ai.response.finish_reasons"), "the facts read off the primary's stream");

            AppOutput translated = cell(cells, "translated", whole);
            assertStreamed(anthropic.chunks(), translated);
            JsonNode asked = JSON.readTree(anthropic.requests().get(0).getBodyAsString());
            assertTrue(asked.path("stream").asBoolean(), asked::toString);
            Map<String, Object> translatedFacts = callServedBy("translated-backup", receiver).attributes();
            assertAll("the facts read off the translated stream: " + translatedFacts,
                    () -> assertEquals("translated-backup-model", translatedFacts.get("gen_ai.response.model")),
                    () -> assertEquals(List.of("stop"), translatedFacts.get("gen_ai.response.finish_reasons")));

            AppOutput resumed = cell(cells, "resumed", whole);
            List<String> expected = new ArrayList<>(BEFORE_THE_BREAK);
            expected.addAll(finishing.chunks());
            assertStreamed(expected, resumed);
            assertEquals(1, broken.requests(), "the broken provider is not asked again");
            JsonNode messages = JSON.readTree(finishing.chatRequests().get(0).getBodyAsString()).path("messages");
            JsonNode prefix = messages.get(messages.size() - 1);
            assertAll(
                    () -> assertEquals("assistant", prefix.path("role").asText(), messages::toString),
                    () -> assertEquals("Hello, world", prefix.path("content").asText(),
                            "the backup continues the text the app has"));
            assertEquals("resumed-primary", callServedBy("resumed-backup", receiver).attributes()
                    .get("llm_failover.stream.resumed_from"), receiver.spans()::toString);
        }
    }

    private static void route(ConfigFile config, String cell, String primaryUrl, String backupUrl, String backupProtocol) {
        String primary = cell + "-primary";
        String backup = cell + "-backup";
        config.set("provider." + primary + ".url", primaryUrl)
                .set("provider." + primary + ".protocol", "openai")
                .set("provider." + backup + ".url", backupUrl)
                .set("provider." + backup + ".protocol", backupProtocol)
                .set("provider." + backup + ".api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider." + backup + ".model.*", "backup-model")
                .set("route." + cell + ".match", primary)
                .set("route." + cell + ".chain", primary + ", " + backup);
    }

    private static AppOutput cell(Map<String, CellRun> cells, String name, AppOutput whole) {
        CellRun run = cells.get(name);
        assertNotNull(run, () -> "the app never finished the cell " + name + whole.describe());
        return run.output();
    }

    /**
     * The app read each delta of text as its own chunk, in order, and nothing else: no error, no
     * piece that held two lines. (A translated stream opens with the assistant's role and no text yet.)
     */
    private static void assertStreamed(List<String> chunks, AppOutput output) {
        assertCompleted(output);
        assertTrue(output.errors().isEmpty(), output::describe);
        assertEquals(chunks, output.chunks(1).stream().filter(chunk -> !chunk.isEmpty()).toList(), output::describe);
        Result result = output.result(1).orElseThrow(() -> new AssertionError("no result" + output.describe()));
        assertEquals(String.join("", chunks), result.content(), output::describe);
    }

    private static ScopedSpan callServedBy(String provider, OtlpReceiver receiver) {
        return receiver.spans().stream()
                .filter(span -> span.scope().equals("io.llmfailover") && span.name().startsWith("chat "))
                .filter(span -> provider.equals(span.attributes().get("llm_failover.served_by")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no call span served by " + provider + ": " + receiver.spans()));
    }
}
