package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.llmfailover.e2e.CellRuns.CellRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Scenarios run as the cells of one child JVM per client, as the fault matrix runs its faults:
 * each scenario has a primary, a backup and a route of its own, so no scenario's breaker, throttle
 * or fault touches another's, and a client pays for one JVM start rather than one per scenario.
 * The app addresses each scenario's primary with {@link #APP_KEY}; its backup has a key and a model
 * of its own.
 */
final class ScenarioCells implements AutoCloseable {

    static final String APP_KEY = "sk-app-e2e-0123456789";
    static final String BACKUP_KEY = "sk-backup-e2e-9876543210";
    static final String BACKUP_MODEL = "backup-model";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";

    /** One scenario: its cell's name (the prefix of its providers' names), its calls, and what must hold. */
    interface Scenario {

        String cell();

        /** The app's calls and pauses in the cell: {@code "4,pause:2500,1"}. */
        String plan();

        /** How the scenario's primary behaves; it answers every call unless told otherwise here. */
        default void prepare(StubProvider primary) {}

        void check(Run run);

        default String primaryName() {
            return cell() + "-primary";
        }

        default String backupName() {
            return cell() + "-backup";
        }
    }

    /** A scenario's own two providers. */
    record Providers(StubProvider primary, StubProvider backup) {}

    /** A scenario as one client ran it: what the app printed in its cell, and the two providers it had. */
    record Run(ClientCall client, AppOutput output, StubProvider primary, StubProvider backup) {}

    private final List<AutoCloseable> servers = new CopyOnWriteArrayList<>();

    /** A server that lives as long as these cells (a collector, say), closed with them. */
    <T extends AutoCloseable> T closedWithCells(T server) {
        servers.add(server);
        return server;
    }

    /** As {@link #run(ClientCall, Class, Path, ConfigFile, Duration, BiConsumer)}, with nothing more for the child. */
    <S extends Enum<S> & Scenario> Stream<DynamicTest> run(ClientCall client, Class<S> scenarios, Path workDir,
            ConfigFile config, Duration timeout) {
        return run(client, scenarios, workDir, config, timeout, (child, providers) -> {});
    }

    /**
     * Runs every scenario in one child JVM of the client with the agent attached, when JUnit first
     * asks for its tests, then checks each scenario in a test of its own.
     *
     * @param config the settings the scenarios share; each scenario's providers and route are added
     * @param options anything else the child needs, given the providers each scenario got
     */
    <S extends Enum<S> & Scenario> Stream<DynamicTest> run(ClientCall client, Class<S> scenarios, Path workDir,
            ConfigFile config, Duration timeout, BiConsumer<ChildJvm, Map<S, Providers>> options) {
        Map<S, Run> runs = runAll(client, scenarios, workDir, config, timeout, options);
        return EnumSet.allOf(scenarios).stream().map(scenario -> dynamicTest(scenario.name(), () -> {
            Run run = runs.get(scenario);
            assertNotNull(run, () -> "the app never reached the scenario " + scenario.cell() + " with " + client);
            scenario.check(run);
        }));
    }

    private <S extends Enum<S> & Scenario> Map<S, Run> runAll(ClientCall client, Class<S> scenarios, Path workDir,
            ConfigFile config, Duration timeout, BiConsumer<ChildJvm, Map<S, Providers>> options) {
        try {
            Map<S, Providers> providers = new EnumMap<>(scenarios);
            List<String> cells = new ArrayList<>();
            for (S scenario : EnumSet.allOf(scenarios)) {
                StubProvider primary = closedWithCells(StubProvider.answering(scenario.primaryName()));
                StubProvider backup = closedWithCells(StubProvider.answering(scenario.backupName()));
                scenario.prepare(primary);
                providers.put(scenario, new Providers(primary, backup));
                route(config, scenario, primary, backup);
                cells.add(scenario.cell() + "=" + primary.baseUrl() + " " + scenario.plan());
            }
            Path configFile = config.writeTo(workDir.resolve("llm-failover-" + client.name() + ".properties"));
            ChildJvm child = client.launchCells(workDir, APP_KEY, cells)
                    .withAgent(configFile)
                    .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                    .timeout(timeout);
            options.accept(child, providers);
            Map<String, CellRun> cellRuns = CellRuns.split(child.run());
            Map<S, Run> runs = new EnumMap<>(scenarios);
            providers.forEach((scenario, own) -> {
                CellRun cell = cellRuns.get(scenario.cell());
                if (cell != null) {
                    runs.put(scenario, new Run(client, cell.output(), own.primary(), own.backup()));
                }
            });
            return runs;
        } catch (Exception e) {
            throw new AssertionError("the app did not run for " + client, e);
        }
    }

    private static void route(ConfigFile config, Scenario scenario, StubProvider primary, StubProvider backup) {
        String backupName = scenario.backupName();
        config.set("provider." + scenario.primaryName() + ".url", primary.baseUrl())
                .set("provider." + scenario.primaryName() + ".protocol", "openai")
                .set("provider." + backupName + ".url", backup.baseUrl())
                .set("provider." + backupName + ".protocol", "openai")
                .set("provider." + backupName + ".api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider." + backupName + ".model.*", BACKUP_MODEL)
                .set("route." + scenario.cell() + ".match", scenario.primaryName())
                .set("route." + scenario.cell() + ".chain", scenario.primaryName() + ", " + backupName);
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable server : servers) {
            server.close();
        }
        servers.clear();
    }
}
