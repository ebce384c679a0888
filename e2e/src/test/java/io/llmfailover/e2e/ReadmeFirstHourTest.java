package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.CellRuns.CellRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer sees in the first hour, from the README alone: its minimal file, copied with the
 * providers' URLs made local, against a primary that accepts calls and never answers, with no
 * collector running, and a call to the primary's host that is not governed. One app (the JDK
 * client), one JVM of about three seconds, three promises.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadmeFirstHourTest {

    private static final String APP_KEY = "sk-app-e2e-readme";
    /**
     * The README's deadlines, shortened so the test takes seconds: what matters is that the file
     * sets both, and that the one it sets binds (the default would wait 10 minutes).
     */
    private static final String HEAD_TIMEOUT = "1500ms";
    private static final long HEAD_TIMEOUT_MILLIS = 1500;
    private static final Pattern TOOK = Pattern.compile("^TOOK call=(\\d+) millis=(\\d+)$");

    @TempDir
    static Path workDir;

    private FaultServer server;
    private String collector;
    private List<String> readmeFile;
    /** The whole run: the agent's log is the JVM's. */
    private AppOutput output;
    private Map<String, CellRun> cells;

    @BeforeAll
    void runTheReadmeConfigForAFewSeconds() throws Exception {
        readmeFile = minimalFileOfTheReadme();
        server = FaultServer.start();
        server.on("readme", "openai", ProviderBehaviours.hanging())
                .on("readme", "deepseek", ProviderBehaviours.answering(ChatWire.OPENAI, "deepseek"))
                .on("readme", "elsewhere", ProviderBehaviours.answering(ChatWire.OPENAI, "elsewhere"));
        String openAi = server.rootUrl("readme", "openai") + "/v1";
        String nearMissUrl = server.rootUrl("readme", "elsewhere") + "/v1";
        collector = "http://127.0.0.1:" + DeadPort.allocate();
        Path config = workDir.resolve("llm-failover.properties");
        Files.writeString(config, String.join("\n", readmeFile)
                .replace("https://api.openai.com/v1", openAi)
                .replace("https://api.deepseek.com/v1", server.rootUrl("readme", "deepseek") + "/v1")
                .replaceAll("(?m)^timeout\\.(head|first-byte) = .*$", "timeout.$1 = " + HEAD_TIMEOUT) + "\n",
                StandardCharsets.UTF_8);

        output = ClientCall.JDK_BLOCKING.launchCells(workDir, APP_KEY,
                        List.of("readme=" + openAi + " together:1", "near-miss=" + nearMissUrl + " 2,pause:1000"))
                .withAgent(config)
                .env("DEEPSEEK_API_KEY", "sk-deepseek-readme")
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", collector)
                .run();
        cells = CellRuns.split(output);
        assertTrue(output.exitCode() != null && output.exitCode() == 0 && cells.size() == 2, output::describe);
    }

    @AfterAll
    void stopProviders() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theMinimalFileWithAHangingPrimaryFailsOverWithinItsHeadDeadline() {
        assertTrue(readmeFile.stream().anyMatch(line -> line.startsWith("timeout.head =")),
                "the README's minimal file sets timeout.head: " + readmeFile);
        assertTrue(readmeFile.stream().anyMatch(line -> line.startsWith("timeout.first-byte =")),
                "the README's minimal file sets timeout.first-byte: " + readmeFile);
        AppOutput readme = cells.get("readme").output();
        assertEquals("Hello from deepseek", readme.result(1).map(Result::content).orElse(null), output::describe);
        long took = took(readme, 1);
        System.out.printf("first hour: a call to a primary that never answers, timeout.head = %s: failed over in %d ms%n",
                HEAD_TIMEOUT, took);
        assertTrue(took >= HEAD_TIMEOUT_MILLIS && took < HEAD_TIMEOUT_MILLIS + 3000,
                () -> "failed over after " + took + " ms" + output.describe());
    }

    @Test
    void aShortRunWithNoCollectorSaysAtExitWhatWasNotDelivered() {
        List<String> lines = agentLines("telemetry not delivered at exit");
        assertEquals(1, lines.size(), output::describe);
        // the failed-over call: its span and one per attempt; its metrics. The near misses are not governed.
        assertTrue(lines.get(0).contains("3 spans and the metrics of 1 call"), lines.get(0));
        assertTrue(lines.get(0).contains(collector + "/v1/traces and " + collector + "/v1/metrics"), lines.get(0));
    }

    @Test
    void aCallToTheProvidersHostOutsideItsUrlIsSaidOnceAtInfoNamingTheNearestProvider() {
        AppOutput nearMiss = cells.get("near-miss").output();
        for (int call = 1; call <= 2; call++) {
            assertEquals("Hello from elsewhere", nearMiss.result(call).map(Result::content).orElse(null), output::describe);
        }
        List<String> lines = agentLines("not governed");
        assertEquals(1, lines.size(), () -> "two calls, one line" + output.describe());
        assertTrue(lines.get(0).contains("INFO"), lines.get(0));
        assertTrue(lines.get(0).contains("the nearest provider, openai (" + server.rootUrl("readme", "openai") + "/v1)"),
                lines.get(0));
        assertTrue(lines.get(0).contains("the call's path /readme/elsewhere/v1/chat/completions is not under the "
                + "provider's /readme/openai/v1"), lines.get(0));
    }

    private List<String> agentLines(String containing) {
        return output.stderrLines().stream().filter(line -> line.contains(containing)).toList();
    }

    private static long took(AppOutput output, int call) {
        for (String line : output.stdoutLines()) {
            Matcher matcher = TOOK.matcher(line);
            if (matcher.matches() && Integer.parseInt(matcher.group(1)) == call) {
                return Long.parseLong(matcher.group(2));
            }
        }
        throw new AssertionError("no time for call " + call + output.describe());
    }

    /** The README's "complete minimal file", as a newcomer copies it: the lines indented under step 2. */
    private static List<String> minimalFileOfTheReadme() throws IOException {
        List<String> readme = Files.readAllLines(RepositoryFile.named("README.md"), StandardCharsets.UTF_8);
        List<String> file = new ArrayList<>();
        boolean inFile = false;
        for (String line : readme) {
            if (line.contains("A complete minimal file")) {
                inFile = true;
            } else if (inFile && line.startsWith("3. ")) {
                break;
            } else if (inFile && line.startsWith("       ")) {
                file.add(line.strip());
            }
        }
        return file;
    }
}
