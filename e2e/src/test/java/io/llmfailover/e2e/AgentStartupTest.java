package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.OwnLibrariesApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** How the agent starts in apps with no config, a bad config, or libraries of their own. */
@Isolated
class AgentStartupTest {

    private static final String APP_KEY = "sk-app-e2e-startup";
    /**
     * The agent's one start-up notice when it finds no config file (the contract: "says so once"),
     * matched loosely on its meaning, e.g. "no config file found" or "No llm-failover.properties found".
     */
    private static final Pattern NO_CONFIG_NOTICE =
            Pattern.compile("(?i).*\\bno\\b.*(config|properties).*|.*config(uration)? file not found.*");

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

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"SDK_BLOCKING", "JDK_BLOCKING"})
    void withNoConfigFileTheAppWorksAndTheAgentSaysSoOnce(ClientCall client) throws Exception {
        AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, "2")
                .withAgentAndNoConfig()
                .run();

        assertCompleted(output);
        assertAnsweredBy(primary, client, output, 1, 2);
        assertRequestCount(2, primary, output);
        List<String> notices = output.stderrLines().stream()
                .filter(line -> NO_CONFIG_NOTICE.matcher(line).matches())
                .toList();
        assertEquals(1, notices.size(), () -> "expected one no-config notice" + output.describe());
        for (String place : List.of("config=", "llm.failover.config", "LLM_FAILOVER_CONFIG",
                workDir.toRealPath().resolve("llm-failover.properties").toString())) {
            assertTrue(notices.get(0).contains(place), () -> "the places looked at, " + place + " among them: " + notices);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"SDK_BLOCKING", "JDK_BLOCKING"})
    void aBadConfigFileIsReportedOnceByFileLineAndKeyAndTheAppRunsUnaffected(ClientCall client)
            throws Exception {
        ConfigFile config = ConfigFile.create()
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "antropic")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary");
        Path file = config.writeTo(workDir.resolve("broken-llm-failover.properties"));
        String where = file.getFileName() + ":" + config.lineOf("provider.primary.protocol");

        AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, "1").withAgent(file).run();

        assertCompleted(output);
        assertAnsweredBy(primary, client, output, 1);
        List<String> reports = output.stderrLines().stream()
                .filter(line -> line.contains("provider.primary.protocol"))
                .toList();
        assertEquals(1, reports.size(), () -> "expected the bad key reported once" + output.describe());
        String report = reports.get(0);
        assertTrue(report.contains(where) && report.contains("antropic"),
                () -> "the report names " + where + " and the bad value" + output.describe());
    }

    @Test
    void theAgentLeavesJavaUtilLoggingToTheAppUntilItsMainRuns() throws Exception {
        List<String> loads = classLoads(ClientCall.JDK_BLOCKING, "1");

        int appMain = indexOf(loads, " " + ClientCall.JDK_BLOCKING.app.getName() + " ");
        int logManager = indexOf(loads, " java.util.logging.LogManager ");
        assertTrue(appMain >= 0, "the app's main class is in the class-load log");
        assertTrue(logManager < 0 || logManager > appMain,
                "java.util.logging's LogManager set up before the app's main (a JBoss LogManager app could not install its own)");
    }

    /**
     * Byte Buddy's advice machinery was about 650 classes and a quarter of a second of the first
     * call; the JDK client, OkHttp (under the OpenAI SDK here) and HttpURLConnection are hooked
     * with ASM alone.
     */
    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "SDK_BLOCKING", "URLCONNECTION_BLOCKING"})
    void theClientIsWovenWithAsmAloneNoneOfByteBuddysAdviceIsLoaded(ClientCall client) throws Exception {
        List<String> loads = classLoads(client, "1");

        List<String> byteBuddy = loads.stream().filter(line -> line.contains(".shaded.bytebuddy.")).toList();
        assertTrue(byteBuddy.stream().anyMatch(line -> line.contains(".shaded.bytebuddy.jar.asm.ClassWriter ")),
                "the client's classes were woven (ASM's ClassWriter loaded)");
        List<String> beyondAsm = byteBuddy.stream().filter(line -> !line.contains(".shaded.bytebuddy.jar.asm.")).toList();
        assertTrue(beyondAsm.isEmpty(), () -> beyondAsm.size() + " of Byte Buddy's classes loaded besides its ASM, first "
                + beyondAsm.subList(0, Math.min(3, beyondAsm.size())));
    }

    /**
     * The engine (telemetry, the gateway, the config watch) is not built by {@code premain}: it is
     * built ahead of the first call, once the app has loaded its HTTP client, on a thread of the
     * agent's own; an app that has made no call yet has it ready.
     */
    @Test
    void theEngineIsBuiltOnceTheAppLoadsItsClientNotAtStart() throws Exception {
        List<String> noCall = classLoads(ClientCall.JDK_BLOCKING, "0");
        int appMain = indexOf(noCall, " " + ClientCall.JDK_BLOCKING.app.getName() + " ");
        assertTrue(appMain >= 0, "the app's main class is in the class-load log");
        int config = indexOf(noCall, " io.llmfailover.runtime.config.FailoverConfig ");
        assertTrue(config >= 0 && config < appMain, "the config was read at start");
        assertTrue(indexOf(noCall, ".shaded.bytebuddy.jar.asm.ClassWriter ") >= 0, "the client was woven");
        assertTrue(indexOf(noCall, " io.llmfailover.runtime.gateway.Gateway ") > appMain,
                "the gateway built after start, ahead of any call, once the app loaded its client");
    }

    /**
     * A service's first 429 silences the key before any JSON parser is loaded: the agent reads the
     * error body for Bedrock's exception name with a scan, not a Jackson tree, whose 200 classes
     * (50 ms and more on a cold JVM) let the service's other calls go out meanwhile.
     */
    @Test
    void theFirst429SilencesTheKeyBeforeAnyJsonParserLoads() throws Exception {
        primary.rateLimited(Duration.ofSeconds(1));

        List<String> loads = classLoads(ClientCall.JDK_BLOCKING, "1");

        int silenced = indexOf(loads, " io.llmfailover.runtime.resilience.throttle.Silence$Lengthening ");
        assertTrue(silenced >= 0, "the 429 silenced the key (Silence$Lengthening loaded)");
        int jackson = indexOf(loads, ".shaded.jackson.databind.");
        assertTrue(jackson < 0 || jackson > silenced, () -> "Jackson's databind loaded before the key was silenced: "
                + loads.get(jackson));
    }

    /** The class-load log of an app making that many calls, with the agent and a config. */
    private List<String> classLoads(ClientCall client, String calls) throws Exception {
        Path file = primaryOnly().writeTo(workDir.resolve("llm-failover-e2e.properties"));
        Path classLoads = workDir.resolve("class-loads.txt");

        AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, calls)
                .withAgent(file)
                .jvmArg("-Xlog:class+load=info:file=" + classLoads)
                .run();

        assertCompleted(output);
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("Z INFO AgentInstaller - llm-failover: started")),
                output::describe);
        return Files.readAllLines(classLoads);
    }

    @Test
    void withAgentLogJulTheAgentsLinesGoThroughTheAppsJavaUtilLogging() throws Exception {
        Path file = primaryOnly().set("agent.log", "jul").writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1").withAgent(file).run();

        assertCompleted(output);
        // The JVM's default JUL set-up: a console handler on standard error, SimpleFormatter's two lines per record.
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.startsWith("INFO: llm-failover: started with")),
                output::describe);
        assertTrue(output.stderrLines().stream().noneMatch(line -> line.contains(" INFO AgentInstaller - ")),
                output::describe);
    }

    private ConfigFile primaryOnly() {
        return ConfigFile.create()
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "openai");
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void anAppWithItsOwnJacksonByteBuddyAndOpenTelemetryKeepsThemAndFailsOver() throws Exception {
        primary.rateLimited(Duration.ofSeconds(2));
        try (StubProvider backup = StubProvider.answering("backup")) {
            Path file = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .set("provider.backup.api-key", "sk-backup-e2e-own-libraries")
                    .writeTo(workDir.resolve("llm-failover-e2e.properties"));

            AppOutput output = ChildJvm.of(OwnLibrariesApp.class, workDir)
                    .args(primary.baseUrl(), APP_KEY, "blocking", "2")
                    .withAgent(file)
                    .run();

            assertCompleted(output);
            assertEquals(Map.of(
                    "byte-buddy", "byte-buddy-" + System.getProperty("app.bytebuddy.version") + ".jar",
                    "jackson-databind", "jackson-databind-" + System.getProperty("app.jackson.version") + ".jar",
                    "opentelemetry-api", "opentelemetry-api-" + System.getProperty("app.opentelemetry.version") + ".jar"),
                    output.libraryJars(), output::describe);
            assertAnsweredBy(backup, ClientCall.SDK_BLOCKING, output, 1, 2);
            assertRequestCount(1, primary, output);
        }
    }
}
