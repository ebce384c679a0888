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

/**
 * Issue 13's quota proof end to end: a primary whose hidden limit is {@value #PROVIDER_RPM} requests a
 * minute (a bucket refilling continuously, as OpenAI's does) gets far more calls than that. With
 * {@code provider.primary.rpm} set a little under its limit ({@value #QUOTA_RPM}: a request spends its
 * token at the agent a moment before it reaches the provider) it never answers 429, and serves
 * nearly as many; without, it answers 429s. Prints both counts.
 */
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
    void anRpmQuotaAtTheProvidersLimitMeansNo429sAtAll() throws Exception {
        Run unshaped = run("unshaped", false);
        Run shaped = run("shaped", true);
        System.out.printf("quota, %d calls/s for %d s at a primary limited to %d rpm: without provider.primary.rpm the"
                        + " primary answered %d x 429 and served %d; with rpm = %d, %d x 429 and served %d%n",
                CALLS_PER_SECOND, TRAFFIC.toSeconds(), PROVIDER_RPM, unshaped.limited, unshaped.served, QUOTA_RPM,
                shaped.limited, shaped.served);

        assertTrue(unshaped.limited > 0, "the load should overrun the primary's limit without a quota");
        assertEquals(0, shaped.limited, "with the quota the primary is never overrun");
        assertTrue(shaped.served >= QUOTA_RPM, "the quota spends what it allows: served " + shaped.served);
    }

    private record Run(int limited, int served) {}

    private Run run(String cell, boolean withQuota) throws Exception {
        HiddenLimit primary = new HiddenLimit();
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

    /** A provider's own rate limit: a bucket of {@value #PROVIDER_RPM} requests refilling continuously. */
    private static final class HiddenLimit implements FaultServer.Behaviour {
        private final AtomicInteger limited = new AtomicInteger();
        private final AtomicInteger served = new AtomicInteger();
        private double tokens = PROVIDER_RPM;
        private long lastNanos = System.nanoTime();

        @Override
        public void answer(FaultExchange exchange) throws IOException, InterruptedException {
            if (take()) {
                served.incrementAndGet();
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            } else {
                limited.incrementAndGet();
                exchange.respond(429, "application/json",
                        ChatWire.OPENAI.errorBody(429, "rate_limit_error", "Rate limit reached: " + PROVIDER_RPM + " RPM"));
            }
        }

        private synchronized boolean take() {
            long now = System.nanoTime();
            tokens = Math.min(PROVIDER_RPM, tokens + (now - lastNanos) / 1e9 * PROVIDER_RPM / 60.0);
            lastNanos = now;
            if (tokens < 1) {
                return false;
            }
            tokens--;
            return true;
        }
    }
}
