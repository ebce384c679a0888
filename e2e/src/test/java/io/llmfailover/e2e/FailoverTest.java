package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAppCredential;
import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertMarkedAsServedBy;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static io.llmfailover.e2e.ScenarioCells.APP_KEY;
import static io.llmfailover.e2e.ScenarioCells.BACKUP_KEY;
import static io.llmfailover.e2e.ScenarioCells.BACKUP_MODEL;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.ScenarioCells.Run;
import io.llmfailover.e2e.StubProvider.Failure;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The agent attached to unmodified apps (every client that speaks the OpenAI chat protocol;
 * blocking and streaming): in each scenario the app addresses that scenario's primary, and the
 * agent fails over to its backup as the contract says. What happens over several calls lives here
 * (silences, the breaker's cycle, credentials); each single fault is a cell of {@link FaultMatrixTest}.
 *
 * <p>One child JVM per client runs the app once per scenario, as the fault matrix does: each
 * scenario has a primary, a backup and a route of its own, so no scenario's breaker or throttle
 * touches another's.
 */
@Execution(ExecutionMode.CONCURRENT) // its rows share nothing: they take both threads when free
class FailoverTest {

    /** Four scenarios' calls and pauses, and the JVM's start, on a busy machine. */
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path workDir;

    private final ScenarioCells cells = new ScenarioCells();

    /** The scenarios, in the order each child runs them (the quick ones first, while the JVM warms up). */
    enum Scenario implements ScenarioCells.Scenario {
        aHealthyPrimaryAnswersUnchangedAndTheBackupGetsNothing("healthy", "2") {
            @Override
            public void check(Run run) {
                assertCompleted(run.output());
                assertAnsweredBy(run.primary(), run.client(), run.output(), 1, 2);
                assertRequestCount(2, run.primary(), run.output());
                assertRequestCount(0, run.backup(), run.output());
                assertAppCredential(run.client(), APP_KEY, run.primary().chatRequests().get(0), run.output());
            }
        },
        theBackupGetsItsOwnKeyAndModelAndNeverTheAppsKey("credentials", "1") {
            @Override
            public void prepare(StubProvider primary) {
                primary.failing(Failure.OVERLOADED);
            }

            @Override
            public void check(Run run) {
                assertCompleted(run.output());
                assertAnsweredBy(run.backup(), run.client(), run.output(), 1);
                List<LoggedRequest> received = run.backup().chatRequests();
                assertEquals(1, received.size(), run.output()::describe);
                LoggedRequest request = received.get(0);
                String seen = "headers the backup received: " + request.getAllHeaderKeys() + run.output().describe();
                assertAll(
                        () -> assertEquals("Bearer " + BACKUP_KEY, request.getHeader("Authorization"), seen),
                        () -> assertFalse(allHeaderValues(request).contains(APP_KEY), "the app's key reached the backup"),
                        () -> assertFalse(request.getBodyAsString().contains(APP_KEY), "the app's key is in the backup's body"),
                        () -> assertTrue(request.getBodyAsString().contains("\"" + BACKUP_MODEL + "\""),
                                "the backup's model replaces the app's: " + request.getBodyAsString()));
                assertAppCredential(run.client(), APP_KEY, run.primary().chatRequests().get(0), run.output());
            }
        },
        /** Four calls well inside the primary's 2 s silence, then one after it. */
        aRateLimitedPrimaryIsLeftAloneUntilItsRetryAfterEnds("rate-limited", "4,pause:2500,1") {
            @Override
            public void prepare(StubProvider primary) {
                primary.rateLimited(Duration.ofSeconds(2));
            }

            @Override
            public void check(Run run) {
                assertCompleted(run.output());
                assertAnsweredBy(run.backup(), run.client(), run.output(), 1, 2, 3, 4, 5);
                assertMarkedAsServedBy(run.backup(), run.client(), run.output(), 1, 2, 3, 4, 5);
                assertRequestCount(5, run.backup(), run.output());
                assertRequestCount(2, run.primary(), run.output());
            }
        },
        /**
         * Calls 1-3 fail on the primary and open its breaker; 4-5 skip it; after the 1 s open
         * duration, call 6 is the probe that finds it recovered and closes the breaker; 7 follows.
         */
        theBreakerOpensAfterThreeFailuresAndAProbeClosesItOnceThePrimaryRecovers("breaker", "5,pause:1500,2") {
            @Override
            public void prepare(StubProvider primary) {
                primary.failingThenRecovering(3, Failure.OVERLOADED);
            }

            @Override
            public void check(Run run) {
                assertCompleted(run.output());
                assertAnsweredBy(run.backup(), run.client(), run.output(), 1, 2, 3, 4, 5);
                assertMarkedAsServedBy(run.backup(), run.client(), run.output(), 1, 2, 3, 4, 5);
                assertAnsweredBy(run.primary(), run.client(), run.output(), 6, 7);
                assertRequestCount(5, run.backup(), run.output());
                assertRequestCount(3 + 2, run.primary(), run.output());
            }
        };

        private final String cell;
        private final String plan;

        Scenario(String cell, String plan) {
            this.cell = cell;
            this.plan = plan;
        }

        @Override
        public String cell() {
            return cell;
        }

        @Override
        public String plan() {
            return plan;
        }
    }

    @AfterEach
    void stopProviders() throws Exception {
        cells.close();
    }

    @TestFactory
    Stream<DynamicContainer> failover() {
        return ClientCall.openAiChat().map(client -> dynamicContainer(client.name(),
                Stream.of(client).flatMap(one -> cells.run(one, Scenario.class, workDir, config(), CHILD_TIMEOUT))));
    }

    private static ConfigFile config() {
        return ConfigFile.create()
                .comment("One route per scenario, its primary falling over to its backup.")
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", "1s")
                .set("breaker.half-open-probes", 1)
                .set("timeout.first-byte", "5s")
                // A blocking call's head only comes after the whole answer: its own deadline.
                .set("timeout.head", "5s");
    }

    private static String allHeaderValues(LoggedRequest request) {
        StringBuilder values = new StringBuilder();
        for (String name : request.getAllHeaderKeys()) {
            values.append(request.getHeaders().getHeader(name).values()).append('\n');
        }
        return values.toString();
    }
}
