package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.QuotaChains.rpm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The closing figure: a primary with a hidden 60 requests per minute under 200 calls a
 * minute for three minutes, on the virtual clock. Reactive failover alone meets its 429s; a quota
 * of rpm = 60, or pacing learnt from its rate-limit headers, keeps it from ever answering one.
 */
class QuotaLoadTest {

    private static final int CALLS = 600;
    private static final Duration EVERY = Duration.ofMillis(300);

    @Test
    void withoutAQuotaThePrimaryAnswersManyRateLimits() throws Exception {
        Run run = run(Map.of(), false);

        System.out.println("429s from the primary, no quota, no pacing: " + run.primary.refused + " (served "
                + run.primary.served + ", backup " + run.backupServed + " of " + CALLS + ")");
        assertTrue(run.primary.refused >= 10, "the reactive baseline meets 429s: " + run.primary.refused);
    }

    @Test
    void withRpmConfiguredThePrimaryNeverAnswersARateLimit() throws Exception {
        Run run = run(Map.of("primary", rpm(60)), false);

        System.out.println("429s from the primary, rpm = 60 configured: " + run.primary.refused + " (served "
                + run.primary.served + ", backup " + run.backupServed + " of " + CALLS + ")");
        assertEquals(0, run.primary.refused);
        assertTrue(run.primary.served >= 60 + 3 * 60 - 2, "and the quota is used to the full: " + run.primary.served);
    }

    @Test
    void withPacingLearntFromItsHeadersThePrimaryNeverAnswersARateLimit() throws Exception {
        Run run = run(Map.of(), true);

        System.out.println("429s from the primary, no rpm, pacing from x-ratelimit headers: " + run.primary.refused
                + " (served " + run.primary.served + ", backup " + run.backupServed + " of " + CALLS + ")");
        assertEquals(0, run.primary.refused);
    }

    private static Run run(Map<String, ProviderLimits> limits, boolean announces) throws IOException {
        Chains chains = QuotaChains.with(limits, "primary", "backup");
        HiddenLimit primary = new HiddenLimit(chains, 60, announces);
        ScriptedTransport transport = new ScriptedTransport().on(PRIMARY, primary::answer).on(BACKUP, ok(ANSWER));
        for (int i = 0; i < CALLS; i++) {
            chains.gateway.execute(Chains.chat(), transport).close();
            chains.clock.advance(EVERY);
        }
        return new Run(primary, transport.sentTo(BACKUP));
    }

    private record Run(HiddenLimit primary, long backupServed) {}

    /**
     * A provider's own limit, as OpenAI keeps it: a bucket of {@code perMinute} requests refilling
     * continuously, counted here in exact integers (nanoseconds × requests per minute). Beyond it,
     * a 429 that names no wait; within it, when {@code announces}, OpenAI's rate-limit headers.
     */
    private static final class HiddenLimit {
        private static final long MINUTE = Duration.ofMinutes(1).toNanos();
        private final Chains chains;
        private final long perMinute;
        private final boolean announces;
        /** Requests held, times a minute in nanoseconds. */
        private long level;
        private long lastNanos;
        int refused;
        int served;

        HiddenLimit(Chains chains, long perMinute, boolean announces) {
            this.chains = chains;
            this.perMinute = perMinute;
            this.announces = announces;
            this.level = perMinute * MINUTE;
            this.lastNanos = chains.clock.nanoTime();
        }

        LlmResponse answer(LlmRequest request) throws IOException {
            long now = chains.clock.nanoTime();
            level = Math.min(perMinute * MINUTE, level + (now - lastNanos) * perMinute);
            lastNanos = now;
            if (level < MINUTE) {
                refused++;
                return status(429, "{\"error\":{\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}").answer(request);
            }
            level -= MINUTE;
            served++;
            if (!announces) {
                return ok(ANSWER).answer(request);
            }
            long millisToFull = (perMinute * MINUTE - level + perMinute * 1_000_000 - 1) / (perMinute * 1_000_000);
            return status(200, ANSWER, "content-type", "application/json",
                    "x-ratelimit-limit-requests", Long.toString(perMinute),
                    "x-ratelimit-remaining-requests", Long.toString(level / MINUTE),
                    "x-ratelimit-reset-requests", millisToFull + "ms").answer(request);
        }
    }
}
