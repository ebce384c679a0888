package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.Eventually;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code failover.max-attempts}, {@code failover.deadline} and {@code failover.wait-for-retry-after}: what one call may spend walking its chain. */
class CallBudgetTest {

    private static final String RATE_LIMITED = "{\"error\":{\"type\":\"rate_limit_exceeded\",\"message\":\"slow down\"}}";
    private static final String OVERLOADED = "{\"error\":{\"type\":\"server_error\",\"message\":\"overloaded\"}}";

    @Test
    void noMoreAttemptsThanMaxAttemptsAndTheBestAnswerSoFarReachesTheApp() throws Exception {
        Chains chains = new Chains(new CallBudget(2, null), "primary", "backup", "third");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(503, OVERLOADED))
                .on(BACKUP, status(503, OVERLOADED))
                .on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(503, answer.status(), "the primary's own error");
        assertEquals(1, transport.sentTo(PRIMARY));
        assertEquals(1, transport.sentTo(BACKUP));
        assertEquals(0, transport.sentTo(THIRD), "a third attempt is over the budget");
    }

    @Test
    void aSkippedStepIsNoAttempt() throws Exception {
        Chains chains = new Chains(new CallBudget(1, null), "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(503, OVERLOADED))
                .on(BACKUP, ok(ANSWER));
        for (int i = 0; i < 3; i++) {
            chains.gateway.execute(chat(), transport).close(); // three failures open the primary's breaker
        }
        long backupBefore = transport.sentTo(BACKUP);

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status(), "the open breaker's skip costs nothing; the one attempt goes to the backup");
        assertEquals(backupBefore + 1, transport.sentTo(BACKUP));
    }

    @Test
    void theDeadlineCutsEachAttemptsWaitAndStartsNoAttemptOnceSpent() throws Exception {
        Chains chains = new Chains(new CallBudget(0, Duration.ofSeconds(5)), "primary", "backup", "third");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, request -> {
                    chains.clock.advance(Duration.ofSeconds(4)); // a slow failure
                    return status(503, OVERLOADED).answer(request);
                })
                .on(BACKUP, request -> {
                    chains.clock.advance(Duration.ofSeconds(2));
                    return status(503, OVERLOADED).answer(request);
                })
                .on(THIRD, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(503, answer.status());
        assertEquals(Duration.ofSeconds(1), transport.attempts.get(1).headDeadline(),
                "the backup may wait only for what the deadline leaves");
        assertEquals(0, transport.sentTo(THIRD), "the deadline was spent before a third attempt");
    }
    @Test
    void withWaitForRetryAfterAShortRetryAfterIsWaitedOutOnThePreferredProvider() throws Exception {
        Chains chains = new Chains(new CallBudget(0, Duration.ofSeconds(30), true), "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, RATE_LIMITED, "retry-after", "2"), ok(ANSWER))
                .on(BACKUP, ok(ANSWER));
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<LlmResponse> call = caller.submit(() -> chains.gateway.execute(chat(), transport));
            // the 429's body came whole with its head, so the wait is the one thing scheduled
            Eventually.until(() -> chains.scheduler.scheduled() == 1 && chains.scheduler.pending() == 1,
                    "the call waits out the Retry-After");
            chains.scheduler.advance(Duration.ofMillis(1999));
            assertEquals(1, transport.sentTo(PRIMARY), "not before the Retry-After ends");
            chains.scheduler.advance(Duration.ofMillis(1));
            LlmResponse answer = call.get(10, TimeUnit.SECONDS);

            assertEquals(200, answer.status());
            assertTrue(answer.headers().first(FailoverHeaders.PROVIDER).isEmpty(), "the preferred provider answered");
            assertEquals(2, transport.sentTo(PRIMARY));
            assertEquals(0, transport.sentTo(BACKUP));
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void aRetryAfterLongerThanWhatIsLeftOfTheDeadlineFailsOverAtOnce() throws Exception {
        Chains chains = new Chains(new CallBudget(0, Duration.ofSeconds(30), true), "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, RATE_LIMITED, "retry-after", "45"))
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(1, transport.sentTo(PRIMARY));
    }

    @Test
    void withoutWaitForRetryAfterARateLimitedCallFailsOverAtOnce() throws Exception {
        Chains chains = new Chains(new CallBudget(0, Duration.ofSeconds(30)), "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, RATE_LIMITED, "retry-after", "2"))
                .on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, chains.scheduler.pending());
    }
}
