package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.apps.AppArgs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The app's own timeout, shorter than the agent's deadlines, on the clients whose calls the agent
 * waits for on threads of its own: Vert.x's HttpClient and WebClient, Reactor Netty, and the Azure
 * OpenAI SDK over it. The primary takes 1.5 s to its first byte (a blocking call's head, a stream's
 * first event) for four calls, then answers at once; the app gives each call 300 ms, the agent 3 s.
 * The first four calls end at the app's timeout with its client's own exception, the backup gets
 * nothing, and the last two are the primary's: nothing was held against it, so its breaker stayed
 * closed. Each client runs its cells (each way it sets a timeout, blocking or streaming) in one
 * child JVM with the agent and in one without it, and the two must tell the same story.
 */
@Execution(ExecutionMode.CONCURRENT) // its rows share nothing: they take both threads when free
class AppOwnTimeoutTest {

    private static final Duration SLOW_FIRST_BYTE = Duration.ofMillis(1500);
    private static final int SLOW_CALLS = 4;
    private static final int CALLS = 6;
    private static final Duration APP_TIMEOUT = Duration.ofMillis(300);
    /** Longer than the primary's slowness: only the app's own timeout can end a slow call. */
    private static final Duration AGENT_DEADLINE = Duration.ofSeconds(3);
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(90);

    /** One way an app sets its timeout, in one mode, and the exception its client raises when it expires. */
    record Cell(String name, String mode, String timeoutKind, String exception) {

        /** The cell as the child is given it: its primary, its calls, its mode and its timeout. */
        String argument(FaultServer providers) {
            return name + "=" + providers.rootUrl(name, Roles.PRIMARY) + "/v1 " + CALLS + " " + mode
                    + " -D" + AppArgs.APP_TIMEOUT_PROPERTY + "=" + timeoutKind + ":" + APP_TIMEOUT.toMillis();
        }
    }

    /**
     * Each client, and the ways its app sets a timeout of its own (see each app's {@code e2e.app-timeout}
     * kinds); Reactor Netty's {@code ReadTimeoutHandler} is the agent's ReactorNettyAdapterTest's.
     */
    enum Client {
        VERTX(ClientCall.VERTX_BLOCKING,
                new Cell("request-idle", "blocking", "request", "NoStackTraceTimeoutException"),
                new Cell("handed-request-idle", "blocking", "handed", "NoStackTraceTimeoutException"),
                new Cell("client-idle-stream", "stream", "client", "HttpClosedException")),
        VERTX_WEBCLIENT(ClientCall.VERTX_WEBCLIENT_BLOCKING,
                new Cell("timeout", "blocking", "timeout", "NoStackTraceTimeoutException"),
                new Cell("client-idle", "blocking", "client", "HttpClosedException"),
                new Cell("client-idle-stream", "stream", "client", "HttpClosedException")),
        AZURE_OPENAI_SDK(ClientCall.AZURE_OPENAI_SDK_BLOCKING,
                new Cell("response", "blocking", "response", "TimeoutException"),
                new Cell("call-response", "blocking", "call", "TimeoutException"),
                new Cell("read-stream", "stream", "read", "TimeoutException")),
        REACTOR_NETTY(ClientCall.REACTOR_NETTY_BLOCKING,
                new Cell("client-response", "blocking", "client", "ReadTimeoutException"),
                new Cell("request-response-stream", "stream", "request", "ReadTimeoutException"),
                new Cell("cancel-stream", "stream", "cancel", "TimeoutException"));

        final ClientCall call;
        final List<Cell> cells;

        Client(ClientCall call, Cell... cells) {
            this.call = call;
            this.cells = List.of(cells);
        }
    }

    /** One child's run of a client's cells, against providers of its own. */
    private record Run(Map<String, CellRun> cells, FaultServer providers, String label) {}

    @TempDir
    Path workDir;

    @RegisterExtension
    final FaultServers servers = new FaultServers();


    @TestFactory
    Stream<DynamicContainer> theAppsOwnTimeoutEndsTheCallAsWithoutTheAgent() {
        return Arrays.stream(Client.values())
                .filter(client -> namedByHand(client.call))
                .map(client -> dynamicContainer(client.name(), Stream.of(client).flatMap(this::cellsOf)));
    }

    /** Both children of a client run when JUnit first asks for its cells; then each cell is checked. */
    private Stream<DynamicTest> cellsOf(Client client) {
        Run withAgent = run(client, true);
        Run without = run(client, false);
        return client.cells.stream().map(cell -> dynamicTest(cell.name(), () -> assertAll(
                () -> assertTimedOutThenServed(cell, without),
                () -> assertTimedOutThenServed(cell, withAgent))));
    }

    private static void assertTimedOutThenServed(Cell cell, Run run) {
        CellRun ran = run.cells().get(cell.name());
        if (ran == null) {
            throw new AssertionError(run.label() + ": the app never finished the cell " + cell.name());
        }
        AppOutput output = ran.output();
        assertCompleted(output);
        String seen = " (" + run.label() + ", cell " + cell.name() + ")" + output.describe();
        for (int call = 1; call <= SLOW_CALLS; call++) {
            int number = call;
            Optional<Error> error = output.errors().stream().filter(e -> e.call() == number).findFirst();
            assertEquals(cell.exception(), error.map(Error::type).orElse("no error"),
                    () -> "call " + number + " ends with the client's own timeout" + seen);
        }
        for (int call = SLOW_CALLS + 1; call <= CALLS; call++) {
            int number = call;
            assertEquals(ProviderBehaviours.content(Roles.PRIMARY), output.result(number).map(Result::content).orElse(null),
                    () -> "call " + number + " is the primary's: its breaker stayed closed" + seen);
        }
        assertEquals(0, run.providers().requests(cell.name(), Roles.BACKUP), () -> "the backup got nothing" + seen);
        assertEquals(CALLS, run.providers().requests(cell.name(), Roles.PRIMARY), () -> "each call sent once" + seen);
    }

    private Run run(Client client, boolean agent) {
        String label = agent ? "with the agent" : "without the agent";
        try {
            FaultServer providers = servers.start();
            ConfigFile config = ConfigFile.create()
                    .comment("One route per cell, its primary falling over to its backup; deadlines longer than the app's.")
                    .set("timeout.head", AGENT_DEADLINE.toMillis() + "ms")
                    .set("timeout.first-byte", AGENT_DEADLINE.toMillis() + "ms");
            List<String> cells = new ArrayList<>();
            for (Cell cell : client.cells) {
                providers.on(cell.name(), Roles.PRIMARY,
                        ProviderBehaviours.slowToFirstByteAtFirst(ChatWire.OPENAI, Roles.PRIMARY, SLOW_FIRST_BYTE, SLOW_CALLS));
                providers.on(cell.name(), Roles.BACKUP, ProviderBehaviours.answering(ChatWire.OPENAI, Roles.BACKUP));
                FaultMatrixTest.withCell(config, providers, cell.name(), providers.rootUrl(cell.name(), Roles.PRIMARY) + "/v1",
                        ChatWire.OPENAI);
                cells.add(cell.argument(providers));
            }
            ChildJvm child = client.call.launchCells(workDir, FaultMatrixTest.APP_KEY, cells)
                    .env(FaultMatrixTest.BACKUP_KEY_VARIABLE, FaultMatrixTest.BACKUP_KEY)
                    .timeout(CHILD_TIMEOUT);
            if (agent) {
                child.withAgent(config.writeTo(workDir.resolve("llm-failover-" + client.name() + ".properties")));
            }
            return new Run(CellRuns.split(child.run()), providers, label);
        } catch (Exception e) {
            throw new AssertionError("the app did not run " + label + " for " + client, e);
        }
    }

    /** With {@code -De2e.rows=VERTX_BLOCKING,…}, a run by hand of those clients only. */
    private static boolean namedByHand(ClientCall call) {
        return ClientCall.openAiChat().anyMatch(call::equals);
    }
}
