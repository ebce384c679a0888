package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.CellRuns.CellRun;
import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.apps.FaultMatrixApp;
import io.llmfailover.e2e.apps.SpringClientsApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fallback's redirect through each client Spring's RestClient and WebClient can sit on that no
 * fault matrix column covers ({@link SpringClientsApp}), each built to follow redirects. There the
 * agent's Spring adapter sends the fallback's attempt through another client, whose own hook must
 * make that very request follow no redirect. One child JVM; a cell per redirect status, each with
 * a primary that answers 502, a backup that redirects to a spy, and the spy. Every call gets the
 * primary's 502; the backup is asked once per call, the spy never.
 */
class SpringClientsRedirectTest {

    private static final List<Integer> REDIRECTS = List.of(301, 302, 303, 307, 308);
    private static final ChatWire WIRE = ChatWire.OPENAI;

    @TempDir
    Path workDir;

    @Test
    void aFallbacksRedirectIsFollowedByNoClientUnderSpringEvenWhereTheAppTurnedFollowingOn() throws Exception {
        try (FaultServer server = FaultServer.start()) {
            // Each cell's calls fail at both providers: its breakers stay closed for all of them.
            ConfigFile config = FaultMatrixTest.cellsConfig()
                    .set("breaker.consecutive-failures", 100)
                    .set("breaker.minimum-calls", 100);
            List<String> cells = new ArrayList<>();
            for (int status : REDIRECTS) {
                String cell = cell(status);
                String primaryUrl = server.rootUrl(cell, Roles.PRIMARY) + WIRE.versionPath;
                server.on(cell, Roles.PRIMARY, ProviderBehaviours.failing(502, WIRE.errorBody(502, "server_error", Roles.PRIMARY_ERROR)));
                server.on(cell, Roles.BACKUP, FaultMatrixTest.redirectingElsewhere(server, cell, status, WIRE));
                server.on(cell, Roles.ELSEWHERE, ProviderBehaviours.answering(WIRE, Roles.ELSEWHERE));
                FaultMatrixTest.withCell(config, server, cell, primaryUrl, WIRE);
                cells.add(cell + "=" + primaryUrl + " " + SpringClientsApp.STACKS.size());
            }
            AppOutput whole = ChildJvm.of(FaultMatrixApp.class, workDir)
                    .args(SpringClientsApp.class.getName(), FaultMatrixTest.APP_KEY, "blocking")
                    .args(cells.toArray(String[]::new))
                    .withAgent(config.writeTo(workDir.resolve("llm-failover.properties")))
                    .env(FaultMatrixTest.BACKUP_KEY_VARIABLE, FaultMatrixTest.BACKUP_KEY)
                    .timeout(Duration.ofSeconds(90))
                    .run();
            Map<String, CellRun> runs = CellRuns.split(whole);
            assertAll(REDIRECTS.stream().flatMap(status -> checks(server, status, runs.get(cell(status)), whole).stream()));
        }
    }

    /** Each client's call got the primary's 502; the backup was asked once per call, the spy never. */
    private static List<Executable> checks(FaultServer server, int status, CellRun run, AppOutput whole) {
        String cell = cell(status);
        if (run == null) {
            return List.of(() -> fail("the app never ended cell " + cell + "\n" + String.join("\n", whole.stdoutLines())
                    + "\n" + String.join("\n", whole.stderrLines())));
        }
        String output = "\n--- app output (backup " + status + ")\n" + String.join("\n", run.output().stdoutLines())
                + "\n--- agent log (whole run)\n" + String.join("\n", whole.stderrLines());
        List<Executable> checks = new ArrayList<>();
        for (int call = 1; call <= SpringClientsApp.STACKS.size(); call++) {
            String client = SpringClientsApp.STACKS.get(call - 1);
            Optional<String> appGot = errorStatus(run.output(), call);
            checks.add(() -> assertEquals(Optional.of("502"), appGot,
                    () -> "backup " + status + ", " + client + ": the primary's 502 must reach the app" + output));
        }
        int calls = SpringClientsApp.STACKS.size();
        checks.add(() -> assertEquals(0, server.requests(cell, Roles.ELSEWHERE),
                () -> "backup " + status + ": requests that followed the fallback's redirect" + output));
        checks.add(() -> assertEquals(calls, server.requests(cell, Roles.BACKUP), "backup " + status + ": requests the backup received"));
        checks.add(() -> assertEquals(calls, server.requests(cell, Roles.PRIMARY), "backup " + status + ": requests the primary received"));
        return checks;
    }

    private static Optional<String> errorStatus(AppOutput output, int call) {
        return output.errors().stream().filter(error -> error.call() == call).findFirst().map(Error::status);
    }

    private static String cell(int status) {
        return "redirect-" + status;
    }
}
