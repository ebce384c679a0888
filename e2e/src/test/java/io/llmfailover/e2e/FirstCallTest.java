package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.apps.FirstCallsApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A cold JVM's first call: its deadlines are the provider's, never spent on the agent's own start-up.
 * For every row of the fault matrix, one child JVM with the agent makes its app's first two calls at
 * once, each with a client of its own ({@link io.llmfailover.e2e.apps.FirstCallsApp}), with
 * {@code timeout.head = 500ms} and {@code timeout.first-byte = 500ms}: one to a healthy primary,
 * which must answer it (the agent's start-up never fails a call over), and one to a primary that
 * accepts the request and never answers, which must fail over to its backup within
 * {@code 500 ms + the client's own cold cost + 150 ms}.
 *
 * <p><b>The client's own cold cost</b> is measured in the same run, for the same row, by the same
 * child without the agent, run beside the one with it, the calls of both starting at the same moment
 * (a {@link StartLine}, so that whatever else the machine does slows both alike, however long each
 * JVM took to start): its two first calls made at once in the same way, both to
 * primaries that answer at once, the second call's time (the one that stands for the hanging call)
 * taken as the cold cost. It is everything a first call costs the app and its client in a cold JVM,
 * its one exchange with a provider included: the library's classes a call runs through, the
 * client's first connection, its first request written and its first answer read. The first call
 * that fails over makes that one exchange with the backup, and waits out the deadline beside it; so
 * what it takes beyond the deadline and the cold cost is the agent's: waiting for its engine,
 * loading its classes, starting its threads, and deciding.
 *
 * <p>A call's time is the app's, from just before its call to its result (stream read to its end):
 * both calls of a child start together once both its apps have built their clients
 * ({@link io.llmfailover.e2e.apps.FirstCallsApp}), so neither call's time holds the JVM's start, the
 * app's, or the other thread's client being built. Two calls in one JVM rather than one JVM each: a
 * JVM has one first call, and both here are first calls, started together, so neither finds the
 * agent's engine or the client's classes warmed by the other; the run without the agent has the same
 * two calls competing in the same way.
 */
@Isolated // its figures are the machine's: a class beside it would slow one child more than the other
class FirstCallTest {

    private static final String APP_KEY = "sk-app-first-call-0123456789";
    private static final Duration DEADLINE = Duration.ofMillis(500);
    /** What the agent itself may add to a first call that fails over. */
    private static final Duration AGENT_ALLOWANCE = Duration.ofMillis(150);
    private static final Pattern CALL_LINE = Pattern.compile("^(\\S+) call=(\\d+)( .*)?$");
    private static final Pattern CALL_TIME = Pattern.compile("^CALL-TIME call=(\\d+) millis=(\\d+)$");
    private static final int TO_HEALTHY = 1;
    private static final int TO_HANGING = 2;
    /** How long the start line waits for both children to have built their clients: a JVM that failed never comes. */
    private static final Duration CHILD_START = Duration.ofSeconds(30);

    @TempDir
    Path workDir;

    @RegisterExtension
    final FaultServers servers = new FaultServers();



    /**
     * Every row but the SDKs' Vertex AI modes: their client libraries' first calls are those of their
     * own rows (GOOGLE_GENAI_SDK_*, ANTHROPIC_SDK_*), and the agent's start-up does not depend on the wire.
     */
    @TestFactory
    Stream<DynamicContainer> firstCallsOfEachClient() {
        return ClientCall.everyRow().filter(client -> client.wire.vertexMode() == null)
                .map(client -> dynamicContainer(client.name(), Stream.of(client).flatMap(this::checksOf)));
    }

    private Stream<DynamicTest> checksOf(ClientCall client) {
        FaultServer server = providers(client.wire);
        AppOutput withAgent;
        AppOutput without;
        // Side by side, their calls started at the same moment, so that whatever else the machine does slows both alike.
        ExecutorService beside = Executors.newFixedThreadPool(2);
        try (StartLine startLine = new StartLine(2)) {
            Future<?> released = beside.submit(() -> {
                startLine.release(CHILD_START);
                return null;
            });
            Future<AppOutput> withoutTheAgent = beside.submit(() -> run(client, server, startLine, false));
            withAgent = run(client, server, startLine, true);
            without = withoutTheAgent.get();
            released.get();
        } catch (Exception e) {
            throw new AssertionError("the first calls of " + client + " did not run", e);
        } finally {
            beside.shutdownNow();
        }
        System.out.println("first calls of " + client + ": with the agent " + callMillis(withAgent, TO_HEALTHY).orElse(-1)
                + " ms to the healthy primary, " + callMillis(withAgent, TO_HANGING).orElse(-1) + " ms to the hanging one;"
                + " without it " + callMillis(without, TO_HEALTHY).orElse(-1) + " and " + callMillis(without, TO_HANGING).orElse(-1)
                + " ms");
        return Stream.of(
                dynamicTest("the first call to a healthy primary is the primary's", () -> {
                    FaultCell cell = cell(client, Fault.HEALTHY, withAgent, TO_HEALTHY, server);
                    assertTrue(cell.output().completed(), () -> "the app did not finish its calls" + cell.describe());
                    Fault.HEALTHY.expected(client.streams()).check(cell);
                }),
                dynamicTest("the first call to a hanging primary fails over within the deadline and the cold cost", () -> {
                    FaultCell cell = cell(client, Fault.HANG, withAgent, TO_HANGING, server);
                    assertTrue(cell.output().completed(), () -> "the app did not finish its calls" + cell.describe());
                    Fault.HANG.expected(client.streams()).check(cell);
                    long coldCost = callMillis(without, TO_HANGING).orElseThrow(() -> new AssertionError(
                            "the app without the agent did not time its call" + without.describe()));
                    long allowed = DEADLINE.plus(AGENT_ALLOWANCE).toMillis() + coldCost;
                    assertTrue(cell.millis() <= allowed, () -> "the first call failed over after " + cell.millis()
                            + " ms, more than the deadline " + DEADLINE.toMillis() + " ms + the client's own cold cost "
                            + coldCost + " ms (without the agent) + " + AGENT_ALLOWANCE.toMillis() + " ms"
                            + cell.describe());
                }));
    }

    /** The healthy and the hanging cell, each primary falling over to its backup; and two primaries for the run without the agent. */
    private FaultServer providers(ChatWire wire) {
        try {
            FaultServer server = servers.start();
            for (Fault fault : List.of(Fault.HEALTHY, Fault.HANG)) {
                server.on(fault.cell(), Roles.PRIMARY, fault.primary(wire));
                server.on(fault.cell(), Roles.BACKUP, fault.backup(wire));
            }
            for (String cell : withoutAgentCells()) {
                server.on(cell, Roles.PRIMARY, ProviderBehaviours.answering(wire, Roles.PRIMARY));
            }
            return server;
        } catch (Exception e) {
            throw new AssertionError("the providers did not start", e);
        }
    }

    private AppOutput run(ClientCall client, FaultServer server, StartLine startLine, boolean agent) {
        try {
            List<String> cells = agent ? List.of(Fault.HEALTHY.cell(), Fault.HANG.cell()) : withoutAgentCells();
            String[] urls = cells.stream().map(cell -> client.appBaseUrl(primaryUrl(server, cell, client.wire)))
                    .toArray(String[]::new);
            ChildJvm child = client.launchFirstCalls(workDir, APP_KEY, urls)
                    .jvmArg("-D" + FirstCallsApp.START_LINE_PROPERTY + "=" + startLine.port())
                    .timeout(Duration.ofSeconds(60));
            if (agent) {
                child.withAgent(config(server, client.wire).writeTo(workDir.resolve("llm-failover-" + client.name() + ".properties")))
                        .env(FaultMatrixTest.BACKUP_KEY_VARIABLE, FaultMatrixTest.BACKUP_KEY);
            }
            return child.run();
        } catch (Exception e) {
            throw new AssertionError("the app did not run for " + client + (agent ? " with the agent" : " without the agent"), e);
        }
    }

    private static List<String> withoutAgentCells() {
        return List.of("cold-" + TO_HEALTHY, "cold-" + TO_HANGING);
    }

    private static String primaryUrl(FaultServer server, String cell, ChatWire wire) {
        return server.rootUrl(cell, Roles.PRIMARY) + wire.versionPath;
    }

    private static ConfigFile config(FaultServer server, ChatWire wire) {
        ConfigFile config = ConfigFile.create()
                .comment("A cold JVM's first calls, with deadlines a cold start must not spend.")
                .set("timeout.head", DEADLINE.toMillis() + "ms")
                .set("timeout.first-byte", DEADLINE.toMillis() + "ms");
        for (Fault fault : List.of(Fault.HEALTHY, Fault.HANG)) {
            FaultMatrixTest.withCell(config, server, fault.cell(), primaryUrl(server, fault.cell(), wire), wire);
        }
        return config;
    }

    /** The call numbered {@code call} in the child's output, as the fault matrix's checks read a cell: its call 1, and how long it took. */
    private static FaultCell cell(ClientCall client, Fault fault, AppOutput whole, int call, FaultServer server) {
        long millis = callMillis(whole, call).orElse(Long.MAX_VALUE);
        return new FaultCell(client, fault, onlyCall(whole, call), millis, server);
    }

    private static OptionalLong callMillis(AppOutput output, int call) {
        for (String line : output.stdoutLines()) {
            Matcher time = CALL_TIME.matcher(line);
            if (time.matches() && Integer.parseInt(time.group(1)) == call) {
                return OptionalLong.of(Long.parseLong(time.group(2)));
            }
        }
        return OptionalLong.empty();
    }

    /** The lines of one call, numbered 1, with the lines of no call (DONE …); the agent's log whole. */
    private static AppOutput onlyCall(AppOutput whole, int call) {
        StringBuilder lines = new StringBuilder();
        for (String line : whole.stdoutLines()) {
            Matcher numbered = CALL_LINE.matcher(line);
            if (!numbered.matches()) {
                lines.append(line).append('\n');
            } else if (Integer.parseInt(numbered.group(2)) == call) {
                lines.append(numbered.group(1)).append(" call=1").append(numbered.group(3) == null ? "" : numbered.group(3))
                        .append('\n');
            }
        }
        return new AppOutput(whole.command(), whole.exitCode(), lines.toString(), String.join("\n", whole.stderrLines()));
    }
}
