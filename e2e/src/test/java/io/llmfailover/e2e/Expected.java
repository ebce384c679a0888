package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.Fault.Roles;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What one cell of the fault matrix must show: what the app observed, and how many requests each
 * provider received (so that nothing was sent twice, and nothing went where it should not).
 *
 * @param summary the outcome in a few words, for the printed matrix
 * @param appStatus the error status the app gets, or 0 when it gets none
 */
record Expected(String summary, int primaryRequests, int backupRequests, int appStatus, Consumer<FaultCell> appSaw) {

    Expected(String summary, int primaryRequests, int backupRequests, Consumer<FaultCell> appSaw) {
        this(summary, primaryRequests, backupRequests, 0, appSaw);
    }

    /** The app's one call succeeded with exactly what {@code role} sends, and says who answered where it can. */
    static Expected answeredBy(String role, int primaryRequests, int backupRequests) {
        return new Expected(role.equals(Roles.BACKUP) ? "served by backup" : "primary's answer", primaryRequests,
                backupRequests, cell -> {
                    Result result = cell.result();
                    assertEquals(200, result.status(), cell::describe);
                    assertEquals(ProviderBehaviours.content(role), result.content(), cell::describe);
                    if (cell.client().streams()) {
                        assertEquals(ProviderBehaviours.chunks(role), cell.output().chunks(1), cell::describe);
                    }
                    assertMarkedAs(role.equals(Roles.BACKUP) ? cell.provider(role) : null, cell);
                });
    }

    static Expected servedByBackup() {
        return answeredBy(Roles.BACKUP, 1, 1);
    }

    /** The backup's answer of several megabytes reached the app whole and in order. */
    static Expected hugeFromBackup() {
        return new Expected("served by backup, whole", 1, 1, cell -> {
            Result result = cell.result();
            String expected = ProviderBehaviours.hugeContent(Roles.HUGE_SIZE);
            assertEquals(expected.length(), result.content().length(), cell::describe);
            assertTrue(expected.equals(result.content()), () -> "the content differs from what the backup sent" + cell.describe());
            assertMarkedAs(cell.provider(Roles.BACKUP), cell);
        });
    }

    /**
     * The app gets the primary's own error, status and body, as its client reports it (the SDK's
     * exception type, or the raw status): what it would have seen without the agent.
     */
    static Expected primaryErrorReachesTheApp(int status) {
        return primaryErrorReachesTheApp(status, 1);
    }

    /**
     * As {@link #primaryErrorReachesTheApp(int)}; the counts are per send of the app's own client,
     * which may retry the error itself ({@link ClientCall#sendsOn}), as it would without the agent.
     */
    static Expected primaryErrorReachesTheApp(int status, int backupRequests) {
        return new Expected("primary's " + status + " reaches app", 1, backupRequests, status, cell -> {
            Error error = cell.error();
            assertEquals(String.valueOf(status), error.status(), cell::describe);
            if (status == 400 && !cell.client().seesHeaders()) {
                assertEquals(cell.client().badRequestType, error.type(), () -> "the SDK's own exception" + cell.describe());
            }
            if (cell.client().seesErrorBody()) {
                assertTrue(error.body().contains(Roles.PRIMARY_ERROR), () -> "the primary's error body is lost" + cell.describe());
            }
            assertTrue(cell.output().result(1).isEmpty(), cell::describe);
        });
    }

    /**
     * A blocking answer that broke off before the app read it: the app's client raises its own I/O
     * error, as without the agent, or, where the client's adapter had the whole answer in hand
     * before handing it over, the call fails over and the backup serves it. Never the broken
     * answer as a success, never the primary twice.
     */
    static Expected ioErrorOrServedByBackup() {
        Expected ioError = new Expected("app's I/O error", 1, 0, cell -> {
            cell.error();
            assertTrue(cell.output().result(1).isEmpty(), () -> "a broken answer was reported as a success" + cell.describe());
        });
        return ioError.or(servedByBackup());
    }

    /** This outcome, or else that one: for a cell where clients may rightly differ. */
    Expected or(Expected other) {
        Expected first = this;
        return new Expected(summary + ", or " + other.summary, -1, -1, cell -> {
            try {
                first.check(cell);
            } catch (AssertionError notFirst) {
                other.check(cell);
            }
        });
    }

    /** A stream that broke after its first deltas: those reach the app, then an error; never replayed. */
    static Expected brokenAfter(List<String> chunks) {
        return new Expected("chunks, then error; no replay", 1, 0, cell -> {
            assertEquals(chunks, cell.output().chunks(1), cell::describe);
            cell.error();
            assertTrue(cell.output().result(1).isEmpty(), () -> "a broken stream was reported as a success" + cell.describe());
        });
    }

    /**
     * A stream that ended cleanly but early: the app reads the deltas that came, and its client
     * decides, as without the agent, whether an ending without {@code [DONE]} is an error.
     */
    static Expected cutShort(List<String> chunks) {
        return new Expected("the deltas sent, as sent", 1, 0, cell -> {
            assertEquals(chunks, cell.output().chunks(1), cell::describe);
            Optional<Result> result = cell.output().result(1);
            result.ifPresent(r -> assertEquals(String.join("", chunks), r.content(), cell::describe));
            assertTrue(result.isPresent() || !cell.output().errors().isEmpty(), cell::describe);
        });
    }

    /**
     * A 200 the primary sent that is not a usable answer: it reaches the app byte for byte (the
     * agent neither repairs nor replays an answer the app's own provider gave), so the app's
     * client fails or reads it exactly as it would without the agent.
     */
    static Expected passedThrough() {
        return new Expected("primary's bytes, as sent", 1, 0, cell -> {
            Optional<Result> result = cell.output().result(1);
            assertTrue(result.isPresent() || !cell.output().errors().isEmpty(), cell::describe);
            result.ifPresent(r -> {
                assertFalse(ProviderBehaviours.content(Roles.BACKUP).equals(r.content()), cell::describe);
                assertMarkedAs(null, cell);
            });
        });
    }

    void check(FaultCell cell) {
        appSaw.accept(cell);
        if (primaryRequests < 0) {
            return; // counted by each alternative
        }
        int sends = appStatus == 0 ? 1 : cell.client().sendsOn(appStatus);
        assertEquals(primaryRequests * sends, cell.requests(Roles.PRIMARY),
                () -> "requests the primary received" + cell.describe());
        assertEquals(backupRequests * sends, cell.requests(Roles.BACKUP),
                () -> "requests the backup received" + cell.describe());
        assertEquals(0, cell.requests(Roles.ELSEWHERE),
                () -> "requests that followed a fallback's redirect" + cell.describe());
    }

    /** {@code x-llm-failover-provider}, where the client shows headers: the fallback's name, or absent. */
    private static void assertMarkedAs(String provider, FaultCell cell) {
        if (cell.client().seesHeaders()) {
            assertEquals(provider == null ? "-" : provider, cell.result().provider(), cell::describe);
        }
    }
}
