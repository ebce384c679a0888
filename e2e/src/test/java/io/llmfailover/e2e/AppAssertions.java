package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;

/** What the tests check in a child app's output, with the whole run in every failure message. */
final class AppAssertions {

    private AppAssertions() {}

    static void assertCompleted(AppOutput output) {
        assertTrue(output.completed(), () -> "the app did not finish its calls normally" + output.describe());
    }

    /** The given calls succeeded with exactly what {@code stub} sends, chunk by chunk when streaming. */
    static void assertAnsweredBy(StubProvider stub, ClientCall client, AppOutput output, int... calls) {
        for (int call : calls) {
            Result result = output.result(call).orElseThrow(
                    () -> new AssertionError("call " + call + " has no result" + output.describe()));
            assertEquals(200, result.status(), () -> "status of call " + call + output.describe());
            assertEquals(stub.content(), result.content(), () -> "content of call " + call + output.describe());
            if (client.streams()) {
                assertEquals(stub.chunks(), output.chunks(call), () -> "chunks of call " + call + output.describe());
            }
        }
    }

    /** The given calls carry {@code x-llm-failover-provider: <stub's name>}, where the client can see it. */
    static void assertMarkedAsServedBy(StubProvider stub, ClientCall client, AppOutput output, int... calls) {
        if (!client.seesHeaders()) {
            return;
        }
        for (int call : calls) {
            assertEquals(stub.name(), output.result(call).map(Result::provider).orElse(null),
                    () -> "x-llm-failover-provider of call " + call + output.describe());
        }
    }

    static void assertRequestCount(int expected, StubProvider stub, AppOutput output) {
        assertEquals(expected, stub.chatRequests().size(),
                () -> "chat requests received by " + stub.name() + output.describe());
    }
}
