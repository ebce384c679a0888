package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAppCredential;
import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.StubProvider.Failure;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.AppArgs;
import io.llmfailover.e2e.apps.GeminiHttpApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The harness itself, with no agent attached: the child apps, the stubs and the output parsing agree
 * on the wire format, and what the app sees without the agent is the baseline the agent changes.
 */
@Execution(ExecutionMode.CONCURRENT) // its tests share nothing: they take both threads when free
class ChildAppsWithoutAgentTest {

    private static final String APP_KEY = "sk-app-e2e-harness";
    private static final String NAMED_ROUTE = "e2e-tenant-route";

    @TempDir
    Path workDir;

    private StubProvider provider;
    private final List<StubProvider> stubs = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startStub() {
        provider = StubProvider.answering("primary");
    }

    @AfterEach
    void stopStub() {
        provider.close();
        stubs.forEach(StubProvider::close);
    }

    /**
     * Each client, in one child JVM (as the agent's suites run it): it reads a stub's answer as
     * sent, with its own key, and reports a stub's 400 as its own error.
     */
    @TestFactory
    Stream<DynamicContainer> eachClientAgainstTheStubs() {
        return ClientCall.openAiChat().map(client -> dynamicContainer(client.name(),
                Stream.of(client).flatMap(this::harnessChecksOf)));
    }

    private Stream<DynamicTest> harnessChecksOf(ClientCall client) {
        StubProvider answering = stub("answering");
        StubProvider refusing = stub("refusing").failing(Failure.BAD_REQUEST);
        Map<String, CellRun> cells = runCells(client, List.of(
                "answers=" + answering.baseUrl() + " 2",
                "bad-request=" + refusing.baseUrl() + " 1"));
        return Stream.of(
                dynamicTest("eachClientReadsTheStubsAnswerAsSent", () -> {
                    AppOutput output = cellOutput(cells, "answers");
                    assertCompleted(output);
                    assertAnsweredBy(answering, client, output, 1, 2);
                    assertRequestCount(2, answering, output);
                    assertAppCredential(client, APP_KEY, answering.chatRequests().get(0), output);
                    assertEquals(NAMED_ROUTE, answering.chatRequests().get(0).getHeader(AppArgs.ROUTE_HEADER),
                            () -> "without the agent the app's x-llm-route goes out: the tests that say it"
                                    + " never does with the agent rely on each app sending it" + output.describe());
                }),
                dynamicTest("eachClientReportsTheStubsBadRequest", () -> {
                    AppOutput output = cellOutput(cells, "bad-request");
                    assertCompleted(output);
                    List<Error> errors = output.errors();
                    assertEquals(1, errors.size(), output::describe);
                    assertEquals("400", errors.get(0).status(), output::describe);
                }));
    }

    private Map<String, CellRun> runCells(ClientCall client, List<String> cells) {
        try {
            return CellRuns.split(client.launchCells(workDir, APP_KEY, cells)
                    .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE).run());
        } catch (Exception e) {
            throw new AssertionError("the app did not run for " + client, e);
        }
    }

    private static AppOutput cellOutput(Map<String, CellRun> cells, String cell) {
        CellRun run = cells.get(cell);
        assertNotNull(run, () -> "the app never reached the cell " + cell);
        return run.output();
    }

    private StubProvider stub(String name) {
        StubProvider stub = StubProvider.answering(name);
        stubs.add(stub);
        return stub;
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"SDK_BLOCKING", "JDK_BLOCKING"})
    void withoutTheAgentARateLimitReachesTheApp(ClientCall client) throws Exception {
        provider.rateLimited(Duration.ofSeconds(2));

        AppOutput output = client.launch(workDir, provider.baseUrl(), APP_KEY, "1").run();

        assertCompleted(output);
        assertEquals("429", output.errors().get(0).status(), output::describe);
        assertTrue(output.results().isEmpty(), output::describe);
    }

    /** The Anthropic stub speaks a wire format the Anthropic SDK itself parses, streams included. */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theAnthropicSdkReadsTheAnthropicStubsAnswer(String mode) throws Exception {
        try (AnthropicStub anthropic = AnthropicStub.answering("claude")) {
            AppOutput output = ChildJvm.of(AnthropicSdkApp.class, workDir)
                    .args(anthropic.rootUrl(), APP_KEY, mode, "1").run();

            assertCompleted(output);
            assertEquals(anthropic.content(), output.result(1).map(Result::content).orElse(null), output::describe);
            if (mode.equals("stream")) {
                assertEquals(anthropic.chunks(), output.chunks(1), output::describe);
            }
            LoggedRequest received = anthropic.requests().get(0);
            assertEquals(APP_KEY, AnthropicStub.apiKeyOf(received), () -> received.getAllHeaderKeys() + output.describe());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theGeminiAppReadsTheGeminiStubsAnswer(String mode) throws Exception {
        try (GeminiStub gemini = GeminiStub.answering("gemini")) {
            AppOutput output = ChildJvm.of(GeminiHttpApp.class, workDir)
                    .args(gemini.baseUrl(), APP_KEY, mode, "1").run();

            assertCompleted(output);
            assertEquals(gemini.content(), output.result(1).map(Result::content).orElse(null), output::describe);
            if (mode.equals("stream")) {
                assertEquals(gemini.chunks(), output.chunks(1), output::describe);
            }
            LoggedRequest received = gemini.requests().get(0);
            assertEquals(APP_KEY, received.getHeader("x-goog-api-key"), () -> received.getAllHeaderKeys() + output.describe());
        }
    }

    /**
     * H4's control: every client streams the 200 MB upload of {@link LargeRequestBodyTest} in a
     * 128 MB heap by itself, so a row that fails there with the agent fails because of the agent.
     */
    @ParameterizedTest
    @EnumSource(UploadCall.class)
    void H4_withoutTheAgentEachClientUploads200MbUnder128MbOfHeapOnceAndWhole(UploadCall client) throws Exception {
        try (UploadStub files = UploadStub.start("files")) {
            AppOutput output = client.launch(workDir, files.baseUrl(), APP_KEY).run();

            AppAssertions.assertUploadedOnceAndWhole(files, output);
        }
    }

    @Test
    void aChildThatOverrunsItsTimeoutIsKilledAndReported() throws Exception {
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, provider.baseUrl(), APP_KEY, "pause:30000,1")
                .timeout(Duration.ofSeconds(2))
                .run();

        assertFalse(output.completed(), output::describe);
        assertTrue(output.describe().contains("killed after its timeout"), output::describe);
        assertRequestCount(0, provider, output);
    }
}
