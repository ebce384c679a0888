package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.AppOutput.ToolCall;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.BedrockRuntimeApp;
import io.llmfailover.e2e.apps.FaultMatrixApp;
import io.llmfailover.e2e.apps.GoogleGenAiSdkApp;
import io.llmfailover.e2e.apps.OpenAiSdkFeaturesApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every pair of wire protocols, both directions: an unmodified app on each protocol's own SDK,
 * whose primary answers 429 in its protocol's shape, is served by a fallback speaking each other
 * protocol, blocking, streamed, and through a tool round trip, blocking and streamed. The app must
 * see the fallback's answer in its own format, every chunk of it; the fallback must receive one
 * request in its own format (path, model, stream flag, the user's text, tools translated) with its
 * own credential only: its key, the agent's SigV4 signature, or the Google token of the agent's
 * Application Default Credentials; never the app's. Claude through Bedrock's InvokeModel (the
 * Anthropic SDK's Bedrock backend) is an app side too; as a step it is {@link InvokeModelFailoverTest}'s.
 *
 * <p>One child JVM per app protocol runs all its cells ({@link FaultMatrixApp}), each cell a route
 * of its own from its own primary to its own fallback. {@code -De2e.grid=openai,bedrock} narrows
 * the grid to those app protocols.
 */
class CrossProtocolGridTest {

    private static final String APP_KEY = "sk-app-grid-0123456789";
    /** The Bedrock app's static credentials: {@code <access key id>:<secret key>:<session token>}. */
    private static final String APP_AWS_ACCESS_KEY = "AKIDAPPGRID012345678";
    private static final String APP_AWS_SESSION_TOKEN = "app-session-token-grid";
    private static final String APP_AWS_CREDENTIALS = APP_AWS_ACCESS_KEY + ":app-secret-grid:" + APP_AWS_SESSION_TOKEN;
    /** What the app's credential is made of: none of it may reach a fallback. */
    private static final List<String> APP_SECRETS = List.of(APP_KEY, APP_AWS_ACCESS_KEY, APP_AWS_SESSION_TOKEN,
            AnthropicSdkApp.BEDROCK_SESSION_TOKEN);
    private static final String USER_TEXT = "Say hello";
    private static final String WEATHER_QUESTION = "What is the weather in Paris?";
    private static final String VERTEX_PROJECT_AND_LOCATION = "e2e-proj/us-east5";
    private static final String APP_AWS_REGION = "us-east-1";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The app side of the grid: a protocol, spoken by its own SDK. */
    enum AppSide {
        OPENAI(GridProtocol.OPENAI, OpenAiSdkFeaturesApp.class, null, null),
        ANTHROPIC(GridProtocol.ANTHROPIC, AnthropicSdkApp.class, null, null),
        GEMINI(GridProtocol.GEMINI, GoogleGenAiSdkApp.class, null, null),
        BEDROCK(GridProtocol.BEDROCK, BedrockRuntimeApp.class, null, null),
        VERTEX_GEMINI(GridProtocol.VERTEX_GEMINI, GoogleGenAiSdkApp.class, GoogleGenAiSdkApp.VERTEX_VARIABLE,
                VERTEX_PROJECT_AND_LOCATION),
        VERTEX_ANTHROPIC(GridProtocol.VERTEX_ANTHROPIC, AnthropicSdkApp.class, AnthropicSdkApp.VERTEX_VARIABLE,
                VERTEX_PROJECT_AND_LOCATION),
        /** The Anthropic SDK's Bedrock backend: Claude through InvokeModel, signed with the app's own credentials. */
        BEDROCK_ANTHROPIC(GridProtocol.BEDROCK_ANTHROPIC, AnthropicSdkApp.class, AnthropicSdkApp.BEDROCK_VARIABLE,
                APP_AWS_REGION);

        final GridProtocol protocol;
        final Class<?> app;
        /** The variable that puts the app's SDK on its cloud backend, and its value: the stubs' project and location, or a region. */
        final String cloudVariable;
        final String cloudValue;

        AppSide(GridProtocol protocol, Class<?> app, String cloudVariable, String cloudValue) {
            this.protocol = protocol;
            this.app = app;
            this.cloudVariable = cloudVariable;
            this.cloudValue = cloudValue;
        }

        /** The app's credential: a key, the AWS SDK's static credentials, or the Anthropic SDK's Bedrock access key id. */
        String apiKey() {
            return switch (this) {
                case BEDROCK -> APP_AWS_CREDENTIALS;
                case BEDROCK_ANTHROPIC -> APP_AWS_ACCESS_KEY;
                default -> APP_KEY;
            };
        }

        /** The AWS SDK's async client, which streams, speaks HTTP/2 with prior knowledge to every host its calls reach. */
        boolean needsH2c() {
            return this == BEDROCK;
        }

        /** Why the model stopped when it called a tool, in the app's own protocol. */
        String toolCallFinish() {
            return switch (this) {
                case OPENAI -> "tool_calls";
                case ANTHROPIC, VERTEX_ANTHROPIC, BEDROCK, BEDROCK_ANTHROPIC -> "tool_use";
                case GEMINI, VERTEX_GEMINI -> "STOP";
            };
        }

        /** The primary got the app's own credential, as the SDK sends it. */
        void assertAppCredential(LoggedRequest addressed, Supplier<String> context) {
            switch (this) {
                case OPENAI, VERTEX_GEMINI, VERTEX_ANTHROPIC ->
                        assertEquals("Bearer " + APP_KEY, addressed.getHeader("Authorization"), context);
                case ANTHROPIC -> assertEquals(APP_KEY, AnthropicStub.apiKeyOf(addressed), context);
                case GEMINI -> assertEquals(APP_KEY, addressed.getHeader("x-goog-api-key"), context);
                case BEDROCK, BEDROCK_ANTHROPIC -> assertTrue(addressed.getHeader("Authorization")
                        .startsWith("AWS4-HMAC-SHA256 Credential=" + APP_AWS_ACCESS_KEY + "/"), context);
            }
        }

        /** Named by hand with {@code -De2e.grid=openai,vertex-anthropic}, or every side when nothing is named. */
        boolean selected() {
            String named = System.getProperty("e2e.grid", "");
            return named.isBlank() || Arrays.asList(named.toLowerCase(Locale.ROOT).split(",")).contains(protocol.protocol);
        }
    }

    /** How a cell's app calls: the app's mode argument, whether it streams, whether it is a tool round trip. */
    enum Mode {
        BLOCKING("blocking", false, false),
        STREAM("stream", true, false),
        TOOLS("tools", false, true),
        TOOLS_STREAM("tools-stream", true, true);

        final String argument;
        final boolean streams;
        final boolean tools;

        Mode(String argument, boolean streams, boolean tools) {
            this.argument = argument;
            this.streams = streams;
            this.tools = tools;
        }
    }

    /** One cell: its app side, its fallback's protocol, its mode, and its own two stubs. */
    record Cell(AppSide app, GridProtocol fallback, Mode mode, GridStub primary, GridStub backup) {

        String name() {
            return name(app, fallback, mode);
        }

        /** Also the prefix of its providers' names, and of its route's. */
        static String name(AppSide app, GridProtocol fallback, Mode mode) {
            return app.protocol.protocol + "-to-" + fallback.protocol + "-" + mode.argument;
        }

        String backupProvider() {
            return name() + "-backup";
        }

        /**
         * The protocol the fallback is asked in: its own, but for Claude through InvokeModel to
         * another Bedrock, which stays InvokeModel, the Anthropic body untranslated
         * (docs/translation.md, "Claude through Bedrock's InvokeModel").
         */
        GridProtocol asked() {
            return app == AppSide.BEDROCK_ANTHROPIC && fallback == GridProtocol.BEDROCK ? GridProtocol.BEDROCK_ANTHROPIC : fallback;
        }
    }

    @TempDir
    Path workDir;

    private final List<GridStub> stubs = new ArrayList<>();

    @AfterEach
    void stopStubs() throws Exception {
        for (GridStub stub : stubs) {
            stub.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> grid() {
        return Arrays.stream(AppSide.values()).filter(AppSide::selected)
                .map(app -> dynamicContainer(app.protocol.protocol + " app", Stream.of(app).flatMap(this::cellsOf)));
    }

    /** Runs the app side's child JVM when JUnit first asks for its cells, then checks each. */
    private Stream<DynamicTest> cellsOf(AppSide app) {
        List<Cell> cells = cells(app);
        GridRun run = run(app, cells);
        return cells.stream().map(cell -> dynamicTest(cell.fallback.protocol + " " + cell.mode.argument, () -> {
            CellRun cellRun = run.cells().get(cell.name());
            assertTrue(cellRun != null, () -> "the app never reached the cell " + cell.name());
            check(cell, cellRun.output(), run.googleToken());
        }));
    }

    /** For each other protocol, a blocking and a streamed call, and a tool round trip, blocking and streamed. */
    private List<Cell> cells(AppSide app) {
        List<Cell> cells = new ArrayList<>();
        for (GridProtocol fallback : GridProtocol.fallbacks()) {
            if (fallback == app.protocol) {
                continue;
            }
            for (Mode mode : Mode.values()) {
                String name = Cell.name(app, fallback, mode);
                cells.add(new Cell(app, fallback, mode, started(app.protocol.rateLimited(name + "-primary", app.needsH2c())),
                        started(fallback.answering(name + "-backup", app.needsH2c()))));
            }
        }
        return cells;
    }

    private GridStub started(GridStub stub) {
        stubs.add(stub);
        return stub;
    }

    /** The cells' runs in one child JVM, and the token the agent's Google credentials were granted in it. */
    private record GridRun(Map<String, CellRun> cells, String googleToken) {}

    private GridRun run(AppSide app, List<Cell> cells) {
        try (GoogleTokenEndpoint tokens = new GoogleTokenEndpoint()) {
            ConfigFile config = ConfigFile.create()
                    .comment("One route per cell of the cross-protocol grid, its primary falling over to its fallback.")
                    .set("timeout.first-byte", "5s")
                    .set("translation.default-max-tokens", 512);
            List<String> cellArguments = new ArrayList<>();
            for (Cell cell : cells) {
                String primary = cell.name() + "-primary";
                config.set("provider." + primary + ".url", cell.primary.providerUrl())
                        .set("provider." + primary + ".protocol", app.protocol.protocol)
                        .set("route." + cell.name() + ".match", primary)
                        .set("route." + cell.name() + ".chain", primary + ", " + cell.backupProvider());
                cell.fallback.asFallback(config, cell.backupProvider(), cell.backup);
                cellArguments.add(cell.name() + "=" + cell.primary.appUrl() + " 1 " + cell.mode.argument);
            }
            ChildJvm child = ChildJvm.of(FaultMatrixApp.class, workDir)
                    .args(app.app.getName(), app.apiKey(), "blocking")
                    .args(cellArguments.toArray(String[]::new))
                    .withAgent(config.writeTo(workDir.resolve("llm-failover-grid-" + app.protocol.protocol + ".properties")))
                    .env(GridProtocol.KEY_VARIABLE, GridProtocol.KEY)
                    .env("AWS_ACCESS_KEY_ID", GridProtocol.AWS_ACCESS_KEY)
                    .env("AWS_SECRET_ACCESS_KEY", GridProtocol.AWS_SECRET_KEY)
                    .env("AWS_SESSION_TOKEN", GridProtocol.AWS_SESSION_TOKEN)
                    .env("AWS_EC2_METADATA_DISABLED", "true")
                    .env("GOOGLE_APPLICATION_CREDENTIALS", tokens.writeKeyFile(workDir.resolve("service-account.json")).toString())
                    .timeout(Duration.ofSeconds(120));
            if (app.cloudVariable != null) {
                child.env(app.cloudVariable, app.cloudValue);
            }
            return new GridRun(CellRuns.split(child.run()), tokens.token());
        } catch (Exception e) {
            throw new AssertionError("the grid's app did not run for " + app, e);
        }
    }

    private static void check(Cell cell, AppOutput output, String googleToken) throws Exception {
        Supplier<String> context = () -> " [" + cell.name() + "]" + output.describe();
        assertCompleted(output);
        List<LoggedRequest> addressed = cell.primary.requests();
        assertFalse(addressed.isEmpty(), context);
        addressed.forEach(request -> cell.app.assertAppCredential(request, context));
        List<LoggedRequest> sent = cell.backup.requests();
        if (cell.mode.tools) {
            checkToolRoundTrip(cell, output, sent, googleToken, context);
        } else {
            assertEquals(1, addressed.size(), () -> "the primary is asked once" + context.get());
            assertServed(cell, cell.backup.content(), output, context);
            if (cell.mode.streams) {
                assertEquals(cell.backup.chunks(), output.chunks(1), () -> "every chunk, in order" + context.get());
            }
            assertEquals(1, sent.size(), () -> "the fallback is asked once" + context.get());
            JsonNode body = assertInFallbacksFormat(cell, sent.get(0), googleToken, context);
            cell.asked().assertBodyShape(body, USER_TEXT, cell.mode.streams);
        }
    }

    /**
     * The app saw the tool call in its own format, sent the result back, and got the fallback's
     * report; where both protocols name tool calls, by the fallback's own id both ways (a Gemini
     * function call has no id: the agent pairs it with its result itself).
     */
    private static void checkToolRoundTrip(Cell cell, AppOutput output, List<LoggedRequest> sent, String googleToken,
            Supplier<String> context) throws Exception {
        assertEquals(1, output.toolCalls().size(), context);
        ToolCall call = output.toolCalls().get(0);
        assertAll(
                () -> assertEquals(AnthropicStub.TOOL_NAME, call.name(), context),
                () -> assertEquals(cell.app.toolCallFinish(), call.finish(), context),
                () -> assertEquals(JSON.readTree("{\"city\":\"Paris\"}"), JSON.readTree(call.arguments()), context));
        assertServed(cell, cell.backup.weatherReport(), output, context);
        assertEquals(2, sent.size(), () -> "the question, then the tool's result" + context.get());
        JsonNode question = assertInFallbacksFormat(cell, sent.get(0), googleToken, context);
        cell.asked().assertBodyShape(question, WEATHER_QUESTION, cell.mode.streams);
        assertEquals(AnthropicStub.TOOL_NAME, cell.asked().firstToolName(question), question::toString);
        JsonNode answer = assertInFallbacksFormat(cell, sent.get(1), googleToken, context);
        assertTrue(answer.toString().contains("sunny"), () -> "the tool's result went back" + answer);
        String id = cell.fallback.toolCallId();
        if (id != null && cell.app.protocol.namesToolCalls()) {
            assertEquals(id, call.id(), () -> "the fallback's tool call id reaches the app" + context.get());
            assertTrue(answer.toString().contains(id), () -> "the result names the fallback's call by its own id" + answer);
        }
    }

    private static void assertServed(Cell cell, String content, AppOutput output, Supplier<String> context) {
        Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + context.get()));
        assertAll(
                () -> assertEquals(200, result.status(), context),
                () -> assertEquals(content, result.content(), context),
                () -> assertEquals(cell.backupProvider(), result.provider(), () -> "x-llm-failover-provider" + context.get()));
    }

    /** The request went to the fallback's own path, with its own credential and none of the app's; its body. */
    private static JsonNode assertInFallbacksFormat(Cell cell, LoggedRequest sent, String googleToken, Supplier<String> context)
            throws Exception {
        assertEquals(cell.asked().path(cell.mode.streams), sent.getUrl(), context);
        cell.asked().assertOwnCredential(sent, context, googleToken);
        StringBuilder everything = new StringBuilder(sent.getUrl()).append(sent.getBodyAsString());
        sent.getAllHeaderKeys().forEach(name -> everything.append(sent.getHeaders().getHeader(name).values()));
        for (String secret : APP_SECRETS) {
            assertFalse(everything.toString().contains(secret), () -> "the app's credential reached the fallback" + context.get());
        }
        return JSON.readTree(sent.getBodyAsString());
    }
}
