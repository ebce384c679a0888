package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.FaultServer.Behaviour;
import io.llmfailover.e2e.apps.KtorCioApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * What an unmodified Ktor CIO app observes with the agent attached, where Ktor's coroutines differ
 * from every other client: its own timeouts end its calls with the exception Ktor raises without
 * the agent, and a stream another provider finished ends the app's body channel. Each part runs
 * its scenarios as the cells of one child JVM, on one {@link FaultServer}, with a warm-up cell
 * first so that no scenario pays for the JVM's first call.
 */
@Execution(ExecutionMode.CONCURRENT) // its children share nothing: they take both threads when free
class KtorCioAppTest {

    private static final String REQUEST_TIMEOUT = "HttpRequestTimeoutException";
    /** A primary's first byte comes this late for a scenario's first calls: past the app's timeouts, within the agent's. */
    private static final Duration SLOW_FIRST_BYTE = Duration.ofMillis(1500);
    /** The calls after those that timed out, made without the app's timeout, on the same route. */
    private static final int PATIENT_CALLS = 2;
    private static final String WARM_UP = "warm-up";
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @RegisterExtension
    final FaultServers servers = new FaultServers();


    /**
     * Each of the app's own timeouts, at 300 ms, against a primary slow to its first byte for the
     * scenario's first calls: what Ktor raises for it, and how many calls it ends.
     */
    enum AppTimeout {
        /** {@code HttpTimeout}'s {@code requestTimeoutMillis}: it cancels the request's job with its exception as the cause. */
        REQUEST("request", "request=300", 4, REQUEST_TIMEOUT, "Request timeout has expired [url=%s, request_timeout=300 ms]"),
        /** The CIO engine's own {@code requestTimeout}, which it applies to each exchange. */
        ENGINE_REQUEST("engine-request", "engine-request=300", 2, REQUEST_TIMEOUT,
                "Request timeout has expired [url=%s, request_timeout=unknown ms]"),
        SOCKET("socket", "socket=300", 2, "SocketTimeoutException",
                "Socket timeout has expired [url=%s, socket_timeout=300] ms"),
        /** The app's own coroutine cancelled by {@code withTimeout}. */
        COROUTINE("coroutine", "coroutine=300", 2, "TimeoutCancellationException",
                "Timed out waiting for 300 ms");

        final String cell;
        final String timeouts;
        final int timedOut;
        final String exception;
        final String message;

        AppTimeout(String cell, String timeouts, int timedOut, String exception, String message) {
            this.cell = cell + "-timeout";
            this.timeouts = timeouts;
            this.timedOut = timedOut;
            this.exception = exception;
            this.message = message;
        }

        /** The app's cell where the timeout ends its calls, then its cell of patient calls on the same route. */
        List<String> cells(String primaryUrl) {
            return List.of(cell + "=" + primaryUrl + " " + timedOut + " -D" + KtorCioApp.TIMEOUTS_PROPERTY + "=" + timeouts,
                    patientCell() + "=" + primaryUrl + " " + PATIENT_CALLS);
        }

        String patientCell() {
            return cell + "-patient";
        }
    }

    /**
     * Without the agent and with it, each timeout ends the scenario's first calls with Ktor's own
     * exception, type and message; with the agent no fallback is tried and nothing is counted
     * against the primary, so the patient calls after it are the primary's, and every call reached
     * the primary once.
     */
    @TestFactory
    Stream<DynamicTest> theAppsOwnTimeoutsEndItsCallsAsKtorDoesWithoutTheAgent() {
        CompletableFuture<Run> withAgent = CompletableFuture.supplyAsync(() -> runTimeouts(true));
        CompletableFuture<Run> withoutAgent = CompletableFuture.supplyAsync(() -> runTimeouts(false));
        Run agent = withAgent.join();
        Run alone = withoutAgent.join();
        return Arrays.stream(AppTimeout.values()).flatMap(timeout -> Stream.of(
                dynamicTest(timeout.name() + " without the agent", () -> checkTimedOut(timeout, alone)),
                dynamicTest(timeout.name() + " with the agent", () -> {
                    checkTimedOut(timeout, agent);
                    assertEquals(0, agent.server.requests(timeout.cell, Roles.BACKUP),
                            () -> "a fallback was tried after the app's own timeout" + agent.describe(timeout.cell));
                })));
    }

    private Run runTimeouts(boolean agentAttached) {
        FaultServer server = server();
        List<String> cells = new ArrayList<>(warmUp(server));
        for (AppTimeout timeout : AppTimeout.values()) {
            server.on(timeout.cell, Roles.PRIMARY,
                    ProviderBehaviours.slowToFirstByteAtFirst(ChatWire.OPENAI, Roles.PRIMARY, SLOW_FIRST_BYTE, timeout.timedOut));
            server.on(timeout.cell, Roles.BACKUP, ProviderBehaviours.answering(ChatWire.OPENAI, Roles.BACKUP));
            cells.addAll(timeout.cells(primaryUrl(server, timeout.cell)));
        }
        ChildJvm child = ClientCall.KTOR_CIO_BLOCKING.launchCells(workDir, FaultMatrixTest.APP_KEY, cells);
        if (agentAttached) {
            withAgent(child, server, "timeouts", Arrays.stream(AppTimeout.values()).map(t -> t.cell).toList(), false);
        }
        return Run.of(server, child);
    }

    private static void checkTimedOut(AppTimeout timeout, Run run) {
        AppOutput timedOut = run.output(timeout.cell);
        String expected = timeout.message.formatted(primaryUrl(run.server, timeout.cell) + "/chat/completions");
        for (int call = 1; call <= timeout.timedOut; call++) {
            Error error = run.error(timeout.cell, call);
            assertEquals(timeout.exception, error.type(), run.describe(timeout.cell));
            assertEquals(expected, error.body(), run.describe(timeout.cell));
        }
        AppOutput patient = run.output(timeout.patientCell());
        for (int call = 1; call <= PATIENT_CALLS; call++) {
            Result result = patient.result(call).orElseThrow(() -> new AssertionError("a patient call has no result"
                    + run.describe(timeout.cell) + run.describe(timeout.patientCell())));
            assertEquals(ProviderBehaviours.content(Roles.PRIMARY), result.content(), run.describe(timeout.patientCell()));
        }
        assertTrue(timedOut.errors().size() == timeout.timedOut && patient.errors().isEmpty(), run.describe(timeout.cell));
        assertEquals(timeout.timedOut + PATIENT_CALLS, run.server.requests(timeout.cell, Roles.PRIMARY),
                () -> "every call reaches the primary once" + run.describe(timeout.cell));
    }

    /** The text the primary streams before it resets: three chunks, the third not its last. */
    private static final List<String> BEFORE_THE_RESET = List.of("Hello", ", wor", "ld");

    /** {@code stream.resume}, with the app reading each stream's body channel until it ends, past {@code [DONE]}. */
    enum StreamScenario {
        /** The backup's continuation ends with {@code [DONE]}. */
        RESUMED_ENDING_WITH_DONE("resumed-done", true),
        /** The backup's continuation ends without {@code [DONE]}: its body just ends. */
        RESUMED_ENDING_WITHOUT_DONE("resumed-closed", false),
        /** The app's request timeout in the middle of a stream: Ktor's exception, and nothing finishes the stream. */
        REQUEST_TIMEOUT_MID_STREAM("request-timeout-mid-stream", "request=1000", REQUEST_TIMEOUT,
                "Request timeout has expired [url=%s, request_timeout=1000 ms]"),
        /** The app's socket timeout in the middle of a stream: Ktor reports the closed channel, with no message. */
        SOCKET_TIMEOUT_MID_STREAM("socket-timeout-mid-stream", "socket=500", "ClosedByteChannelException",
                "null"),
        /** The app's coroutine cancelled by {@code withTimeout} in the middle of a stream: nothing finishes it. */
        COROUTINE_TIMEOUT_MID_STREAM("coroutine-timeout-mid-stream", "coroutine=1000", "TimeoutCancellationException",
                "Timed out waiting for 1000 ms");

        final String cell;
        final boolean backupSendsDone;
        final String timeouts;
        final String exception;
        final String message;

        StreamScenario(String cell, boolean backupSendsDone) {
            this(cell, backupSendsDone, null, null, null);
        }

        StreamScenario(String cell, String timeouts, String exception, String message) {
            this(cell, true, timeouts, exception, message);
        }

        StreamScenario(String cell, boolean backupSendsDone, String timeouts, String exception, String message) {
            this.cell = cell;
            this.backupSendsDone = backupSendsDone;
            this.timeouts = timeouts;
            this.exception = exception;
            this.message = message;
        }

        boolean resumed() {
            return timeouts == null;
        }

        String cellOf(String primaryUrl) {
            return cell + "=" + primaryUrl + " 1" + (resumed() ? "" : " -D" + KtorCioApp.TIMEOUTS_PROPERTY + "=" + timeouts);
        }
    }

    /**
     * A primary that resets after its third chunk, finished by the backup: the app's channel ends,
     * within seconds, with the whole text, whether the backup's stream ends with {@code [DONE]} or
     * not. The app's own timeout in the middle of a stream ends it as Ktor does: never finished.
     */
    @TestFactory
    Stream<DynamicTest> aStreamTheBackupFinishedEndsTheAppsBodyChannel() {
        FaultServer server = server();
        List<String> cells = new ArrayList<>(warmUp(server));
        for (StreamScenario scenario : StreamScenario.values()) {
            server.on(scenario.cell, Roles.PRIMARY, scenario.resumed() ? resettingAfterThreeChunks() : stallingAfterItsFirstChunk());
            server.on(scenario.cell, Roles.BACKUP, scenario.backupSendsDone
                    ? ProviderBehaviours.answering(ChatWire.OPENAI, Roles.BACKUP) : streamingWithoutDone());
            cells.add(scenario.cellOf(primaryUrl(server, scenario.cell)));
        }
        ChildJvm child = ClientCall.KTOR_CIO_STREAM.launchCells(workDir, FaultMatrixTest.APP_KEY, cells)
                .jvmArg("-D" + KtorCioApp.READ_PROPERTY + "=to-end");
        withAgent(child, server, "streams", Arrays.stream(StreamScenario.values()).map(s -> s.cell).toList(), true);
        Run run = Run.of(server, child);
        return Arrays.stream(StreamScenario.values()).map(scenario -> dynamicTest(scenario.name(),
                () -> checkStream(scenario, run)));
    }

    private static void checkStream(StreamScenario scenario, Run run) throws Exception {
        AppOutput output = run.output(scenario.cell);
        String described = run.describe(scenario.cell);
        if (!scenario.resumed()) {
            assertEquals(List.of(BEFORE_THE_RESET.get(0)), output.chunks(1), described);
            Error error = run.error(scenario.cell, 1);
            assertEquals(scenario.exception, error.type(), described);
            assertEquals(scenario.message.formatted(primaryUrl(run.server, scenario.cell) + "/chat/completions"),
                    error.body(), described);
            assertEquals(0, run.server.requests(scenario.cell, Roles.BACKUP), () -> "the app's timeout was resumed" + described);
            return;
        }
        List<String> whole = new ArrayList<>(BEFORE_THE_RESET);
        whole.addAll(ProviderBehaviours.chunks(Roles.BACKUP));
        assertEquals(whole, output.chunks(1), () -> "one stream: the primary's chunks, then the backup's" + described);
        assertEquals(String.join("", whole), output.result(1).map(Result::content).orElse(null), described);
        assertTrue(run.cells.get(scenario.cell).millis() < 5_000, () -> "the app's channel ended late" + described);
        List<FaultExchange.Request> continued = run.server.received(scenario.cell, Roles.BACKUP);
        assertEquals(1, continued.size(), described);
        JsonNode messages = JSON.readTree(continued.get(0).body()).path("messages");
        JsonNode prefix = messages.get(messages.size() - 1);
        assertEquals("assistant", prefix.path("role").asText(), described);
        assertEquals(String.join("", BEFORE_THE_RESET), prefix.path("content").asText(), described);
    }

    /** Three chunks of a stream, which reach the client, then a reset. */
    private static Behaviour resettingAfterThreeChunks() {
        List<String> more = new ArrayList<>(BEFORE_THE_RESET);
        more.add(" and more");
        return exchange -> {
            exchange.chunkedHead(200, "text/event-stream");
            for (String event : ChatWire.OPENAI.eventsThrough(Roles.PRIMARY, more, BEFORE_THE_RESET.size())) {
                exchange.chunk(event);
                FaultExchange.pause(Duration.ofMillis(20));
            }
            FaultExchange.pause(Duration.ofMillis(300));
            exchange.reset();
        };
    }

    /** A stream's first chunk at once, then nothing for 3 s, longer than the app waits; then the rest. */
    private static Behaviour stallingAfterItsFirstChunk() {
        List<String> events = ChatWire.OPENAI.events(Roles.PRIMARY, BEFORE_THE_RESET);
        return exchange -> {
            exchange.chunkedHead(200, "text/event-stream");
            exchange.chunk(events.get(0));
            FaultExchange.pause(Duration.ofSeconds(3));
            for (String event : events.subList(1, events.size())) {
                exchange.chunk(event);
            }
            exchange.endChunks();
        };
    }

    /** A whole stream whose body ends after its last event, with no {@code [DONE]}. */
    private static Behaviour streamingWithoutDone() {
        return exchange -> {
            exchange.chunkedHead(200, "text/event-stream");
            for (String event : ChatWire.OPENAI.events(Roles.BACKUP, ProviderBehaviours.chunks(Roles.BACKUP))) {
                if (!event.contains("[DONE]")) {
                    exchange.chunk(event);
                }
            }
            exchange.endChunks();
        };
    }

    private FaultServer server() {
        return servers.start();
    }

    /** The first cell: one call to a healthy primary, so that no scenario's call is the JVM's first. */
    private static List<String> warmUp(FaultServer server) {
        server.on(WARM_UP, Roles.PRIMARY, ProviderBehaviours.answering(ChatWire.OPENAI, Roles.PRIMARY));
        return List.of(WARM_UP + "=" + primaryUrl(server, WARM_UP));
    }

    /** The agent, with a route per cell from its primary to its backup, and the fault matrix's deadlines. */
    private void withAgent(ChildJvm child, FaultServer server, String name, List<String> cells, boolean resumesStreams) {
        ConfigFile config = FaultMatrixTest.cellsConfig();
        for (String cell : cells) {
            FaultMatrixTest.withCell(config, server, cell, primaryUrl(server, cell), ChatWire.OPENAI);
        }
        FaultMatrixTest.withCell(config, server, WARM_UP, primaryUrl(server, WARM_UP), ChatWire.OPENAI);
        if (resumesStreams) {
            config.set("stream.resume", "true");
        }
        try {
            child.withAgent(config.writeTo(workDir.resolve("llm-failover-ktor-" + name + ".properties")))
                    .env(FaultMatrixTest.BACKUP_KEY_VARIABLE, FaultMatrixTest.BACKUP_KEY);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String primaryUrl(FaultServer server, String cell) {
        return server.rootUrl(cell, Roles.PRIMARY) + ChatWire.OPENAI.versionPath;
    }

    /** One child's cells, and the server their providers ran on. */
    private record Run(FaultServer server, AppOutput whole, Map<String, CellRun> cells) {

        static Run of(FaultServer server, ChildJvm child) {
            try {
                AppOutput whole = child.timeout(CHILD_TIMEOUT).run();
                return new Run(server, whole, CellRuns.split(whole));
            } catch (Exception e) {
                throw new AssertionError("the Ktor app did not run", e);
            }
        }

        AppOutput output(String cell) {
            CellRun run = cells.get(cell);
            assertNotNull(run, () -> "the app never finished the cell " + cell + describe(cell));
            assertCompleted(run.output());
            return run.output();
        }

        Error error(String cell, int call) {
            return output(cell).errors().stream().filter(e -> e.call() == call).findFirst()
                    .orElseThrow(() -> new AssertionError("call " + call + " did not fail" + describe(cell)));
        }

        String describe(String cell) {
            CellRun run = cells.get(cell);
            return "\n--- cell " + cell + (run == null ? " never ended" : " (" + run.millis() + " ms)")
                    + ": primary received " + server.requests(cell, Roles.PRIMARY)
                    + ", backup " + server.requests(cell, Roles.BACKUP)
                    + "\n--- exit: " + (whole.exitCode() == null ? "killed after its timeout" : whole.exitCode())
                    + "\n--- app output\n" + String.join("\n", whole.stdoutLines())
                    + "\n--- agent log\n" + String.join("\n", whole.stderrLines());
        }
    }
}
