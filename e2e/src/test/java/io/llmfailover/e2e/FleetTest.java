package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.SteadyTrafficApp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Fleet mode end to end: several child JVMs with the agent attached share one real Redis. A 429
 * one instance sees keeps the others off the key; a configured quota holds across instances; a
 * breaker one opens is open on the others, and a provider that stays down gets its half-open
 * probes from the fleet, not from each instance; Redis killed mid-run costs no call, and sharing
 * resumes when it is back.
 */
@Isolated
@ExtendWith(RedisServerInstalled.class)
class FleetTest {

    private static final String APP_KEY = "sk-app-fleet-0123456789";

    @TempDir
    Path workDir;

    private FaultServer server;
    private RedisServer redis;
    /** The instances run side by side: not on the common pool, which a 2-core machine gives one thread. */
    private final ExecutorService instances = Executors.newCachedThreadPool();

    @BeforeEach
    void start() throws Exception {
        server = FaultServer.start();
        redis = RedisServer.start(workDir);
    }

    @AfterEach
    void stop() throws Exception {
        instances.shutdownNow();
        server.close();
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void aRateLimitOneInstanceSawKeepsTheNextOffThePrimary() throws Exception {
        AtomicInteger primaryCalls = new AtomicInteger();
        server.on("silence", "primary", exchange -> {
            if (primaryCalls.incrementAndGet() == 1) {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "slow down"),
                        "Retry-After", "60");
            } else {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            }
        }).on("silence", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        Path config = fleetConfig("silence").writeTo(workDir.resolve("llm-failover-silence.properties"));
        String primaryUrl = server.rootUrl("silence", "primary") + "/v1";

        AppOutput told = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "1").withAgent(config).run();
        AppOutput next = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "3").withAgent(config).run();

        assertCompleted(told);
        assertCompleted(next);
        assertEquals("Hello from backup", told.result(1).map(Result::content).orElse(null), told::describe);
        for (int call = 1; call <= 3; call++) {
            assertEquals("Hello from backup", next.result(call).map(Result::content).orElse(null), next::describe);
        }
        assertEquals(1, primaryCalls.get(), "the second instance never sent to the key the first was told 429 about"
                + next.describe());
    }

    @Test
    void aConfiguredQuotaHoldsAcrossFourInstances() throws Exception {
        int rpm = 20;
        ConcurrentLinkedQueue<Long> primaryArrivals = new ConcurrentLinkedQueue<>();
        server.on("quota", "primary", exchange -> {
            primaryArrivals.add(System.nanoTime());
            ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
        }).on("quota", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        Path config = fleetConfig("quota").set("provider.primary.rpm", rpm)
                .writeTo(workDir.resolve("llm-failover-quota.properties"));
        String primaryUrl = server.rootUrl("quota", "primary") + "/v1";

        List<AppOutput> outputs = concurrently(4, instance -> steadyTraffic(primaryUrl, config, 10, Duration.ofSeconds(3)));

        outputs.forEach(output -> assertTrue(output.errors().isEmpty(), output::describe));
        List<Long> arrivals = new ArrayList<>(primaryArrivals);
        arrivals.sort(Long::compare);
        double spanSeconds = arrivals.size() < 2 ? 0 : (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e9;
        double allowed = rpm + rpm * spanSeconds / 60;
        int calls = outputs.stream().mapToInt(output -> output.results().size()).sum();
        System.out.printf("fleet quota: 4 instances, %d calls in all, provider.primary.rpm = %d: the primary received %d"
                + " over %.1f s, the fleet's bucket allowed %.1f (%.2f x)%n", calls, rpm, arrivals.size(), spanSeconds,
                allowed, arrivals.size() / allowed);
        assertTrue(arrivals.size() <= Math.floor(allowed * 1.05) + 1,
                () -> "the quota holds for the fleet, not per instance: " + arrivals.size() + " for " + allowed
                        + outputs.get(0).describe());
        assertTrue(arrivals.size() >= rpm, "the quota is spent: " + arrivals.size());
    }

    @Test
    void aBreakerOneInstanceOpensIsOpenOnTheOthersAndTheFleetProbesOnce() throws Exception {
        AtomicBoolean opened = new AtomicBoolean();
        ConcurrentLinkedQueue<Long> primaryArrivals = new ConcurrentLinkedQueue<>();
        AtomicInteger failures = new AtomicInteger();
        long[] openedAt = new long[1];
        server.on("breaker", "primary", exchange -> {
            long now = System.nanoTime();
            primaryArrivals.add(now);
            if (failures.incrementAndGet() == 3 && opened.compareAndSet(false, true)) {
                openedAt[0] = now;
            }
            exchange.respond(500, "application/json", ChatWire.OPENAI.errorBody(500, "server_error", "down"));
        }).on("breaker", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        Duration openDuration = Duration.ofSeconds(1);
        Path config = fleetConfig("breaker")
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", openDuration.toMillis() + "ms")
                .set("breaker.half-open-probes", 1)
                .writeTo(workDir.resolve("llm-failover-breaker.properties"));
        String primaryUrl = server.rootUrl("breaker", "primary") + "/v1";
        Duration traffic = Duration.ofSeconds(5);

        List<AppOutput> outputs = concurrently(2, instance -> steadyTraffic(primaryUrl, config, 10, traffic));

        outputs.forEach(output -> assertTrue(output.errors().isEmpty(), output::describe));
        assertTrue(opened.get(), "the primary failed three times");
        List<Long> afterOpening = primaryArrivals.stream().filter(at -> at > openedAt[0]).sorted().toList();
        long trailingMillis = afterOpening.stream()
                .filter(at -> at - openedAt[0] < openDuration.toNanos())
                .mapToLong(at -> TimeUnit.NANOSECONDS.toMillis(at - openedAt[0])).max().orElse(0);
        long probes = afterOpening.stream().filter(at -> at - openedAt[0] >= openDuration.toNanos()).count();
        long windows = traffic.toMillis() / openDuration.toMillis();
        System.out.printf("fleet breaker: 2 instances at 10 calls/s each; after the opening failure the primary still"
                + " got requests for %d ms (calls in flight, and the other instance hearing of it); then %d probes in"
                + " about %d open windows of %d ms%n", trailingMillis, probes, windows, openDuration.toMillis());
        assertTrue(trailingMillis < 500, "the other instance stopped within " + trailingMillis + " ms");
        assertTrue(probes <= windows + 2, "one probe per window from the whole fleet, not one per instance: " + probes);
    }

    @Test
    void redisKilledMidRunCostsNoCallAndSharingResumesWhenItIsBack() throws Exception {
        AtomicBoolean rateLimiting = new AtomicBoolean();
        AtomicInteger primaryAfterRateLimit = new AtomicInteger();
        AtomicBoolean told = new AtomicBoolean();
        server.on("outage", "primary", exchange -> {
            if (!rateLimiting.get()) {
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            } else if (told.compareAndSet(false, true)) {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "slow down"),
                        "Retry-After", "60");
            } else {
                primaryAfterRateLimit.incrementAndGet();
                ProviderBehaviours.answering(ChatWire.OPENAI, "primary").answer(exchange);
            }
        }).on("outage", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        Path config = fleetConfig("outage").writeTo(workDir.resolve("llm-failover-outage.properties"));
        String primaryUrl = server.rootUrl("outage", "primary") + "/v1";

        CompletableFuture<AppOutput> running = CompletableFuture.supplyAsync(
                () -> steadyTraffic(primaryUrl, config, 5, Duration.ofSeconds(8)), instances);
        Thread.sleep(2500);
        redis.kill();
        Thread.sleep(2000);
        redis.restart();
        Thread.sleep(2000); // the running instance reconnects (backoff up to about a second)
        rateLimiting.set(true);
        while (!told.get() && !running.isDone()) {
            Thread.sleep(20);
        }
        Thread.sleep(200);
        AppOutput joining = ClientCall.JDK_BLOCKING.launch(workDir, primaryUrl, APP_KEY, "3").withAgent(config).run();
        AppOutput longRunning = running.get(60, TimeUnit.SECONDS);

        assertCompleted(longRunning);
        assertTrue(longRunning.errors().isEmpty(), () -> "a call failed while Redis was away" + longRunning.describe());
        assertTrue(told.get(), longRunning::describe);
        assertCompleted(joining);
        assertEquals(0, primaryAfterRateLimit.get(), () -> "after Redis came back, the 429 the running instance saw"
                + " was shared: no instance sent to that key again" + joining.describe() + longRunning.describe());
    }

    private ConfigFile fleetConfig(String cell) {
        return ConfigFile.primaryFallingOverTo(server.rootUrl(cell, "primary") + "/v1", server.rootUrl(cell, "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup")
                .set("state.backend", "redis")
                .set("state.redis.url", redis.url())
                .set("state.redis.prefix", "e2e-" + cell + ":")
                // What is shared is under test, not what a round trip past the timeout does (each
                // instance then keeps its own quota, by design): four cold JVMs on two loaded cores
                // can take longer than the 20 ms default.
                .set("state.redis.timeout", "250ms");
    }

    private AppOutput steadyTraffic(String primaryUrl, Path config, int perSecond, Duration duration) {
        try {
            return ChildJvm.of(SteadyTrafficApp.class, workDir)
                    .args(primaryUrl, APP_KEY, Integer.toString(perSecond), Long.toString(duration.toMillis()),
                            Long.toString(duration.toMillis()), Long.toString(duration.toMillis()))
                    .withAgent(config)
                    .timeout(Duration.ofSeconds(90))
                    .run();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code count} instances at once and waits for all. */
    private List<AppOutput> concurrently(int count, IntFunction<AppOutput> instance) throws Exception {
        List<CompletableFuture<AppOutput>> running = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int number = i;
            running.add(CompletableFuture.supplyAsync(() -> instance.apply(number), instances));
        }
        List<AppOutput> outputs = new ArrayList<>();
        for (CompletableFuture<AppOutput> output : running) {
            outputs.add(output.get(120, TimeUnit.SECONDS));
        }
        return outputs;
    }
}
