package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.FaultServer.Behaviour;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix every client's test extends (as OpenTelemetry's {@code AbstractHttpClientTest}
 * is shared by every client it instruments): for each way the subclass's app calls, one child JVM
 * with the agent attached runs the app once per {@link Fault}, each against a primary and a backup
 * of its own, so a regression in any adapter shows as one red cell. Each cell checks what the app
 * observed, each provider's request count, that the call ended within the configured timeouts, and
 * where each credential went. A Vertex AI column's backups are on Vertex AI too, reached with the
 * agent's own Google identity ({@link GoogleBackupIdentity}); every other column's with a static key.
 */
abstract class FaultMatrixTest {

    static final String APP_KEY = "sk-app-matrix-0123456789";
    static final String BACKUP_KEY = "sk-backup-matrix-9876543210";
    static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    /** The agent's deadline for a head, and for a stream's first content. */
    static final Duration TIMEOUT = Duration.ofMillis(1500);
    /** A cell's call ends within the agent's timeout plus this; a hang would take the app's 30 s. */
    private static final Duration SLACK = Duration.ofSeconds(5);
    /**
     * What the first cell may take on top: the first call of a JVM loads the client, the SDK and the
     * agent's woven classes, seconds on a busy machine, and is no hang. Start-up is measured by the
     * benchmarks, not here.
     */
    private static final Duration COLD_START = Duration.ofSeconds(10);

    @TempDir
    Path workDir;

    /** One per column, so that each column's request counts are its own. */
    @RegisterExtension
    final FaultServers servers = new FaultServers();
    private final Map<ClientCall, Map<Fault, Boolean>> verdicts = new LinkedHashMap<>();

    /** The ways this client's app calls: each is a column of the matrix. */
    abstract List<ClientCall> calls();

    /**
     * How the agent authorises itself to the backups of a column of {@code wire}: its AWS identity on
     * Bedrock, Google's on Vertex AI, else a static key.
     */
    private BackupCredential backupCredential(ChatWire wire) throws Exception {
        if (wire.awsSigned()) {
            return new AwsBackupIdentity();
        }
        return wire.vertexMode() != null ? new GoogleBackupIdentity(workDir) : new StaticBackupKey();
    }

    @AfterEach
    void recordVerdicts() {
        verdicts.forEach(FaultMatrixReport::record);
    }

    /** Every way in {@link #calls()}, or those of them named with {@code -De2e.rows=OKHTTP3_BLOCKING,…}. */
    @TestFactory
    Stream<DynamicContainer> faultMatrix() {
        return calls().stream().filter(ClientCall::namedByHand).map(client -> dynamicContainer(client.name(),
                Stream.of(client).flatMap(this::cellsOf)));
    }

    /** Runs the client's child JVM when JUnit first asks for its cells, then checks each. */
    private Stream<DynamicTest> cellsOf(ClientCall client) {
        String agentSecret;
        Map<Fault, FaultCell> cells;
        try (BackupCredential credential = backupCredential(client.wire)) {
            agentSecret = credential.secret();
            cells = run(client, credential);
        } catch (Exception e) {
            throw new AssertionError("the backups' credential of " + client + " could not be made", e);
        }
        Map<Fault, Boolean> column = new EnumMap<>(Fault.class);
        verdicts.put(client, column);
        return Arrays.stream(Fault.values()).map(fault -> dynamicTest(fault.label, () -> {
            column.put(fault, false);
            check(cells.get(fault), client, fault, agentSecret);
            column.put(fault, true);
        }));
    }

    private static void check(FaultCell cell, ClientCall client, Fault fault, String agentSecret) {
        assertTrue(cell != null, () -> "the app never reached the cell " + fault.label + " with " + client);
        assertTrue(cell.output().completed(), () -> "the app did not finish its call" + cell.describe());
        fault.expected(client.streams()).check(cell);
        if (client.wire.awsSigned()) {
            AwsIdentities.assertKeptApart(cell);
        } else {
            assertCredentialsKept(cell, agentSecret);
        }
        Duration allowed = TIMEOUT.plus(SLACK).plus(fault.ordinal() == 0 ? COLD_START : Duration.ZERO);
        assertTrue(cell.millis() <= allowed.toMillis(),
                () -> "the call took " + cell.millis() + " ms, longer than the agent's timeouts allow" + cell.describe());
    }

    /**
     * The app's credential stays on the host it addressed (never at the backup, nor where a
     * backup's redirect points), and the agent's reaches the backup only. The primary, when asked,
     * got the app's: the search sees the credentials where they are.
     */
    private static void assertCredentialsKept(FaultCell cell, String agentSecret) {
        if (cell.requests(Roles.PRIMARY) > 0) {
            assertTrue(cell.carried(Roles.PRIMARY, APP_KEY), () -> "the primary never got the app's credential" + cell.describe());
        }
        for (String role : List.of(Roles.BACKUP, Roles.ELSEWHERE)) {
            assertFalse(cell.carried(role, APP_KEY), () -> "the app's credential reached the " + role + cell.describe());
        }
        for (String role : List.of(Roles.PRIMARY, Roles.ELSEWHERE)) {
            assertFalse(cell.carried(role, agentSecret), () -> "the agent's credential reached the " + role + cell.describe());
        }
    }

    private Map<Fault, FaultCell> run(ClientCall client, BackupCredential credential) {
        try {
            FaultServer server = providers(client.wire, credential);
            int deadPort = DeadPort.allocate();
            Path config = config(server, deadPort, client.wire, credential)
                    .writeTo(workDir.resolve("llm-failover-" + client.name() + ".properties"));
            List<String> cells = new ArrayList<>();
            for (Fault fault : Fault.values()) {
                cells.add(fault.cell() + "=" + client.appBaseUrl(primaryUrl(server, fault, deadPort, client.wire)));
            }
            AppOutput whole = credential.provide(client.launchCells(workDir, client.appKey(APP_KEY), cells).withAgent(config))
                    .timeout(Duration.ofSeconds(150))
                    .run();
            return split(client, whole, server);
        } catch (Exception e) {
            throw new AssertionError("the fault matrix app did not run for " + client, e);
        }
    }

    /** Every cell's primary, backup, and the place a fallback's redirect points to. */
    private FaultServer providers(ChatWire wire, BackupCredential credential) throws IOException {
        FaultServer server = servers.start();
        for (Fault fault : Fault.values()) {
            if (fault.primary(wire) != null) {
                server.on(fault.cell(), Roles.PRIMARY, fault.primary(wire));
            }
            Behaviour backup = fault.backup(wire);
            server.on(fault.cell(), Roles.BACKUP, credential.guard(wire,
                    backup != null ? backup : redirectingElsewhere(server, fault.cell(), fault.redirect, wire)));
            server.on(fault.cell(), Roles.ELSEWHERE, ProviderBehaviours.answering(wire, Roles.ELSEWHERE));
        }
        return server;
    }

    /** A backup that redirects with {@code status} to {@code cell}'s {@link Roles#ELSEWHERE}, which answers if asked. */
    static Behaviour redirectingElsewhere(FaultServer server, String cell, int status, ChatWire wire) {
        return ProviderBehaviours.redirectingTo(status, server.rootUrl(cell, Roles.ELSEWHERE) + wire.versionPath + wire.operationPath);
    }

    /** Where the app sends the cell's call: its primary, or a port nothing listens on; version path included. */
    private static String primaryUrl(FaultServer server, Fault fault, int deadPort, ChatWire wire) {
        if (fault == Fault.CONNECTION_REFUSED) {
            return "http://127.0.0.1:" + deadPort + "/" + fault.cell() + "/" + Roles.PRIMARY + wire.versionPath;
        }
        return server.rootUrl(fault.cell(), Roles.PRIMARY) + wire.versionPath;
    }

    /** Each cell a route of its own, from its primary to its backup: no cell's breaker or throttle touches another's. */
    private static ConfigFile config(FaultServer server, int deadPort, ChatWire wire, BackupCredential credential) {
        ConfigFile config = cellsConfig();
        for (Fault fault : Fault.values()) {
            withRoute(config, server, fault.cell(), primaryUrl(server, fault, deadPort, wire), wire);
            credential.authorise(config, fault.cell() + "-" + Roles.BACKUP);
        }
        return config;
    }

    /** The settings every cell shares: the agent's timeouts. */
    static ConfigFile cellsConfig() {
        return ConfigFile.create()
                .comment("One route per cell of the fault matrix, primary falling over to backup.")
                .set("timeout.first-byte", TIMEOUT.toMillis() + "ms")
                .set("timeout.head", TIMEOUT.toMillis() + "ms");
    }

    /** {@code cell}'s route: its primary at {@code primaryUrl}, then its backup on {@code server}, with a key and a model of its own. */
    static ConfigFile withCell(ConfigFile config, FaultServer server, String cell, String primaryUrl, ChatWire wire) {
        return new StaticBackupKey().authorise(withRoute(config, server, cell, primaryUrl, wire), cell + "-" + Roles.BACKUP);
    }

    /** {@code cell}'s route as {@link #withCell}, its backup's credential left to the caller. */
    private static ConfigFile withRoute(ConfigFile config, FaultServer server, String cell, String primaryUrl, ChatWire wire) {
        String primary = cell + "-" + Roles.PRIMARY;
        String backup = cell + "-" + Roles.BACKUP;
        return config.set("provider." + primary + ".url", primaryUrl)
                .set("provider." + primary + ".protocol", wire.protocol)
                .set("provider." + backup + ".url", server.rootUrl(cell, Roles.BACKUP) + wire.versionPath)
                .set("provider." + backup + ".protocol", wire.protocol)
                .set("provider." + backup + ".model.*", "backup-model")
                .set("route." + cell + ".match", primary)
                .set("route." + cell + ".chain", primary + ", " + backup);
    }

    /** The child's output cut at its {@code CELL} lines, one app run per cell. */
    private static Map<Fault, FaultCell> split(ClientCall client, AppOutput whole, FaultServer server) {
        Map<Fault, FaultCell> cells = new EnumMap<>(Fault.class);
        CellRuns.split(whole).forEach((cell, run) -> {
            Fault fault = faultOf(cell);
            cells.put(fault, new FaultCell(client, fault, run.output(), run.millis(), server));
        });
        return cells;
    }

    private static Fault faultOf(String cell) {
        return Arrays.stream(Fault.values()).filter(f -> f.cell().equals(cell)).findFirst().orElseThrow();
    }
}
