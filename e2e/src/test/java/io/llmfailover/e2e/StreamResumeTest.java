package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmfailover.e2e.OtlpReceiver.ScopedSpan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stream.resume = true}: a primary whose stream breaks after its third chunk, and a backup
 * that finishes it. The unmodified app reads one stream, with no error: the three chunks it had,
 * then the backup's, whose request carried the conversation and the text so far as the
 * assistant's turn. The call that finished it says so on its span.
 */
class StreamResumeTest {

    private static final String APP_KEY = "sk-app-resume-0123456789";
    private static final List<String> BEFORE_THE_BREAK = List.of("Hello", ", wor", "ld");

    @TempDir
    Path workDir;

    private BrokenStreamProvider primary;
    private StubProvider backup;
    private OtlpReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        primary = new BrokenStreamProvider(BEFORE_THE_BREAK.toArray(String[]::new));
        backup = StubProvider.answering("backup");
        receiver = new OtlpReceiver();
    }

    @AfterEach
    void stop() throws Exception {
        primary.close();
        backup.close();
        receiver.close();
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_STREAM", "SDK_STREAM", "APACHE5_STREAM", "APACHE4_STREAM", "APACHE5_ASYNC_STREAM", "URLCONNECTION_STREAM", "SPRING_AI_STREAM", "REACTOR_NETTY_STREAM", "VERTX_STREAM", "JETTY_STREAM", "LANGCHAIN4J_STREAM", "OKHTTP3_STREAM"})
    void aStreamBrokenAfterItsThirdChunkIsFinishedByTheBackup(ClientCall client) throws Exception {
        Path configFile = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "sk-backup-resume")
                .set("stream.resume", "true")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgent(configFile)
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint())
                .env("OTEL_BSP_SCHEDULE_DELAY", "100")
                .run();

        assertCompleted(output);
        assertTrue(output.errors().isEmpty(), output::describe);
        List<String> expected = new ArrayList<>(BEFORE_THE_BREAK);
        expected.addAll(backup.chunks());
        assertEquals(expected, output.chunks(1), "one stream: the primary's chunks, then the backup's" + output.describe());
        assertEquals(String.join("", expected), output.result(1).orElseThrow().content(), output::describe);
        assertEquals(1, primary.requests(), "the broken provider is not asked again");
        assertEquals(1, backup.chatRequests().size(), output::describe);
        JsonNode messages = new ObjectMapper().readTree(backup.chatRequests().get(0).getBodyAsString()).path("messages");
        JsonNode prefix = messages.get(messages.size() - 1);
        assertEquals("assistant", prefix.path("role").asText());
        assertEquals("Hello, world", prefix.path("content").asText(), "the backup continues the text the app has");
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("the stream from primary broke after 12 "
                + "characters of text; the next provider finished it")), output::describe);

        ScopedSpan resumed = receiver.spans().stream()
                .filter(span -> "primary".equals(span.attributes().get("llm_failover.stream.resumed_from")))
                .findFirst().orElseThrow(() -> new AssertionError("no span of the resumed stream: " + receiver.spans()));
        assertEquals("backup", resumed.attributes().get("llm_failover.served_by"), resumed.toString());
        System.out.println("The span of the call that finished " + client + "'s broken stream: " + resumed.name() + " "
                + new java.util.TreeMap<>(resumed.attributes()));
    }
}
