package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.SteadyTrafficApp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Issue 13's quota proof end to end: a primary whose hidden limit is {@value #PROVIDER_RPM} requests a
 * minute (a bucket refilling continuously, as OpenAI's does) gets far more calls than that. With
 * {@code provider.primary.rpm} set a little under its limit ({@value #QUOTA_RPM}: a request spends its
 * token at the agent a moment before it reaches the provider) it never answers 429, and serves
 * nearly as many; without, it answers 429s. Prints both counts.
 */
@Isolated
class QuotaTest {

    private static final int PROVIDER_RPM = 60;
    private static final int QUOTA_RPM = 57;
    private static final int CALLS_PER_SECOND = 40;
    private static final Duration TRAFFIC = Duration.ofSeconds(4);

    @TempDir
    Path workDir;

    private FaultServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = FaultServer.start();
    }

    @AfterEach
    void stopServer() throws IOException {
        server.close();
    }

    @Test
    void anRpmQuotaOrPacingFromTheProvidersHeadersMeansNo429sAtAll() throws Exception {
        Run unshaped = run("unshaped", false, false);
        Run shaped = run("shaped", true, false);
        Run paced = run("paced", false, true);
        System.out.printf("quota, %d calls/s for %d s at a primary limited to %d rpm: without provider.primary.rpm the"
                        + " primary answered %d x 429 and served %d; with rpm = %d, %d x 429 and served %d;"
                        + " without rpm but announcing x-ratelimit-* on its successes, %d x 429 and served %d%n",
                CALLS_PER_SECOND, TRAFFIC.toSeconds(), PROVIDER_RPM, unshaped.limited, unshaped.served, QUOTA_RPM,
                shaped.limited, shaped.served, paced.limited, paced.served);

        assertTrue(unshaped.limited > 0, "the load should overrun the primary's limit without a quota");
        assertEquals(0, shaped.limited, "with the quota the primary is never overrun");
        assertTrue(shaped.served >= QUOTA_RPM, "the quota spends what it allows: served " + shaped.served);
        assertEquals(0, paced.limited, "what the provider says remains is spread to its reset, so it is never overrun");
        assertTrue(paced.served >= PROVIDER_RPM - 5, "pacing spends nearly all the provider allows: served " + paced.served);
    }

    private record Run(int limited, int served) {}

    /**
     * @param withQuota whether {@code provider.primary.rpm} holds the primary just under its limit
     * @param announcing whether the primary says on each success what remains of its limit, as OpenAI does
     */
    private Run run(String cell, boolean withQuota, boolean announcing) throws Exception {
        HiddenLimit primary = new HiddenLimit(announcing);
        server.on(cell, "primary", primary).on(cell, "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        String primaryUrl = server.rootUrl(cell, "primary") + "/v1";
        ConfigFile config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl(cell, "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup");
        if (withQuota) {
            config.set("provider.primary.rpm", QUOTA_RPM);
        }
        AppOutput output = ChildJvm.of(SteadyTrafficApp.class, workDir)
                .args(primaryUrl, "sk-app-quota", Integer.toString(CALLS_PER_SECOND), Long.toString(TRAFFIC.toMillis()),
                        Long.toString(TRAFFIC.toMillis()), Long.toString(TRAFFIC.toMillis()))
                .withAgent(config.writeTo(workDir.resolve("llm-failover-" + cell + ".properties")))
                .timeout(Duration.ofSeconds(60))
                .run();
        assertCompleted(output);
        assertTrue(output.errors().isEmpty(), output::describe);
        return new Run(primary.limited.get(), primary.served.get());
    }

    /**
     * A provider's own rate limit: a bucket of {@value #PROVIDER_RPM} requests refilling continuously,
     * announced or not on each success ({@code x-ratelimit-limit-requests}, {@code -remaining-requests}
     * and {@code -reset-requests}, the time until the bucket is full again).
     */
    private static final class HiddenLimit implements FaultServer.Behaviour {
        private final boolean announcing;
        private final AtomicInteger limited = new AtomicInteger();
        private final AtomicInteger served = new AtomicInteger();
        private double tokens = PROVIDER_RPM;
        private long lastNanos = System.nanoTime();

        HiddenLimit(boolean announcing) {
            this.announcing = announcing;
        }

        @Override
        public void answer(FaultExchange exchange) throws IOException, InterruptedException {
            double left = take();
            if (left >= 0) {
                served.incrementAndGet();
                if (!announcing) {
                    ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
                    return;
                }
                long millisToFull = Math.round((PROVIDER_RPM - left) * 60_000.0 / PROVIDER_RPM);
                exchange.respond(200, "application/json",
                        ChatWire.OPENAI.completion("primary", ProviderBehaviours.content("primary")),
                        "x-ratelimit-limit-requests", Integer.toString(PROVIDER_RPM),
                        "x-ratelimit-remaining-requests", Long.toString((long) Math.floor(left)),
                        "x-ratelimit-reset-requests", millisToFull + "ms");
            } else {
                limited.incrementAndGet();
                exchange.respond(429, "application/json",
                        ChatWire.OPENAI.errorBody(429, "rate_limit_error", "Rate limit reached: " + PROVIDER_RPM + " RPM"));
            }
        }

        /** What is left once one request is taken; negative when none could be. */
        private synchronized double take() {
            long now = System.nanoTime();
            tokens = Math.min(PROVIDER_RPM, tokens + (now - lastNanos) / 1e9 * PROVIDER_RPM / 60.0);
            lastNanos = now;
            if (tokens < 1) {
                return -1;
            }
            tokens--;
            return tokens;
        }
    }
}
