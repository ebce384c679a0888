package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a newcomer sees at start: the start line, and every error path ending in one clear message. */
class FirstHourTest {

    private static final String APP_KEY = "sk-app-e2e-first-hour";
    private static final ClientCall CLIENT = ClientCall.JDK_BLOCKING;

    @TempDir
    Path workDir;

    private StubProvider primary;

    @BeforeEach
    void startProvider() {
        primary = StubProvider.answering("primary");
    }

    @AfterEach
    void stopProvider() {
        primary.close();
    }

    @Test
    void theStartLineNamesTheFileAndEachProviderItGoverns() throws Exception {
        Path file = ConfigFile.primaryFallingOverTo(primary.baseUrl(), "http://127.0.0.1:9/v1")
                .writeTo(workDir.resolve("llm-failover.properties"));

        AppOutput output = CLIENT.launch(workDir, primary.baseUrl(), APP_KEY, "1").withAgent(file).run();

        assertCompleted(output);
        List<String> starts = lines(output, "llm-failover: started with");
        assertEquals(1, starts.size(), output::describe);
        assertTrue(starts.get(0).contains(file.toAbsolutePath().toString()), output::describe);
        assertTrue(starts.get(0).contains("primary (" + primary.baseUrl()), output::describe);
    }

    @Test
    void strictModeWithABadConfigPrintsOneMessageAndExitsWithStatusOneWithoutANativeAbort() throws Exception {
        Path file = ConfigFile.create()
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "antropic")
                .set("agent.strict", "true")
                .writeTo(workDir.resolve("strict.properties"));

        AppOutput output = CLIENT.launch(workDir, primary.baseUrl(), APP_KEY, "1").withAgent(file).run();

        assertEquals(1, output.exitCode(), output::describe);
        assertEquals(1, lines(output, "provider.primary.protocol").size(), output::describe);
        assertTrue(lines(output, "ASSERTION FAILED").isEmpty(), output::describe);
        assertTrue(lines(output, "llm-failover: llm-failover").isEmpty(), "one prefix per message" + output.describe());
    }

    @Test
    void anUnknownAgentArgumentIsAConfigErrorAndTheAppRunsWithoutTheAgent() throws Exception {
        AppOutput output = CLIENT.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgentArguments("conf=" + workDir.resolve("llm-failover.properties"))
                .run();

        assertCompleted(output);
        assertAnsweredBy(primary, CLIENT, output, 1);
        assertEquals(1, lines(output, "unknown agent argument 'conf'").size(), output::describe);
    }

    @Test
    void anAgentAttachedTwiceSaysOnceThatTheSecondCopyIsSkipped() throws Exception {
        Path file = ConfigFile.primaryFallingOverTo(primary.baseUrl(), "http://127.0.0.1:9/v1")
                .writeTo(workDir.resolve("llm-failover.properties"));

        AppOutput output = CLIENT.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .jvmArg("-javaagent:" + AgentJar.locate() + "=config=" + file.toAbsolutePath())
                .withAgent(file)
                .run();

        assertCompleted(output);
        assertEquals(1, lines(output, "attached twice").size(), output::describe);
        assertEquals(1, lines(output, "llm-failover: started with").size(), output::describe);
    }

    @Test
    void javacAndJavaVersionRunWithoutTheAgentFromJavaToolOptions() throws Exception {
        String childJava = System.getProperty("e2e.java", "");
        Path bin = childJava.isBlank() ? Path.of(System.getProperty("java.home"), "bin") : Path.of(childJava).getParent();
        String options = "-javaagent:" + AgentJar.locate();
        for (List<String> tool : List.of(List.of(bin.resolve("java").toString(), "-version"),
                List.of(bin.resolve("javac").toString(), "-version"))) {
            String stderr = runWithToolOptions(tool, options);
            assertTrue(stderr.contains("Picked up JAVA_TOOL_OPTIONS"), stderr);
            List<String> agentLines = stderr.lines()
                    .filter(line -> line.contains("llm-failover") && !line.startsWith("Picked up JAVA_TOOL_OPTIONS"))
                    .toList();
            assertEquals(List.of(), agentLines, tool + " ran the agent:\n" + stderr);
            assertFalse(stderr.contains("Sharing is only supported"), "the agent did not even touch the class path\n" + stderr);
        }
    }

    private String runWithToolOptions(List<String> command, String options) throws IOException, InterruptedException {
        Path err = Files.createTempFile(workDir, "tool-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("JAVA_TOOL_OPTIONS", options);
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        return Files.readString(err, StandardCharsets.UTF_8);
    }

    private static List<String> lines(AppOutput output, String containing) {
        return output.stderrLines().stream().filter(line -> line.contains(containing)).toList();
    }
}
