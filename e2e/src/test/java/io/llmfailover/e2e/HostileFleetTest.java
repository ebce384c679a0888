package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.FleetInstanceApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A misbehaving fleet, played against real instances (child JVMs with the agent) on a real
 * redis-server: what Redis holds and says is input, and no value in it may take a provider away
 * from the fleet, grow an instance, or make a call wait. Each scenario is a cell with its own
 * primary and backup stubs and its own key prefix, so that they run side by side in one run:
 *
 * <ul>
 *   <li>far-future: openings and silences until the year 3000 (or 7 days on, or the largest
 *       number), published, and set as keys without expiry, before the instance starts and while
 *       it runs (the subscription is then killed, so its replay reads them);
 *   <li>probes: a {@code probes:} count in the billions, without expiry before the instance
 *       starts, then expiring in a week, each met by a probe while the primary is down and after;
 *   <li>names: 200,000 silences of random key ids and 100,000 openings of random models
 *       published, and 10,000 such keys set before the instance starts;
 *   <li>garbage: malformed, truncated, binary and huge messages, and keys holding no number or no
 *       string;
 *   <li>slow: Redis behind a proxy that trickles its answers byte by byte, each byte within the
 *       socket timeout, after its scripts were flushed (as after a restart);
 *   <li>paused and killed: {@code DEBUG SLEEP} on the cell's own Redis, then Redis killed and
 *       started again;
 *   <li>skew: an instance whose wall clock is an hour ahead (libfaketime) sees three 503s and
 *       opens its breaker; the primary recovers; an instance started after it with a true clock
 *       sends six calls a second apart.
 * </ul>
 *
 * For each: every call is served (by the primary or the backup) with no wait added beyond
 * {@code state.redis.timeout}, the primary serves again within {@code breaker.open-duration} of
 * its recovery (or of the fleet's last hostile word, when it never failed), and neither the heap
 * used after a full GC nor the live threads grow. One run of about 30 s covers them all.
 */
@Isolated
@ExtendWith({RedisServerInstalled.class, LibfaketimeInstalled.class})
class HostileFleetTest {

    private static final String APP_KEY = "sk-app-hostile-0123456789";
    /** What the apps ask for, so the primary's breaker is {@code primary/gpt-4o}. */
    private static final String BREAKER = "primary/gpt-4o";

    private static final Duration OPEN_DURATION = Duration.ofSeconds(1);
    private static final Duration REDIS_TIMEOUT = Duration.ofMillis(250);
    private static final Duration CALL_INTERVAL = Duration.ofMillis(200);
    private static final Duration SKEW = Duration.ofHours(1);

    /**
     * Beyond {@code state.redis.timeout}, what a call may take from the moment it was due: its own
     * round trip through two HTTP clients and the agent (a few ms idle) and whatever a loaded
     * 2-core machine adds (seven JVMs share it here). Every stall this test plays lasts 4 s or more
     * (the trickle 6 s, {@code DEBUG SLEEP} 4 s), so a call that waits for Redis breaks it whatever
     * the machine's speed.
     */
    private static final Duration LATENCY_ALLOWANCE = Duration.ofSeconds(2);

    /**
     * Beyond {@code breaker.open-duration} after the primary's recovery (or the fleet's last
     * hostile word), until when the backup may still serve: a fleet probe count the hostile Redis
     * left may hold one probe window (at least 1 s, {@code breaker.open-duration} here) until its
     * expiry, and a call due just before the end is in flight a little after it. Every scenario
     * that fails does so for far longer: 7 days, an hour, or for good.
     */
    private static final Duration BACK_ALLOWANCE = Duration.ofSeconds(2);

    /** Heap may breathe by this much (or a quarter of what it was), as in {@link SoakTest}. */
    private static final long HEAP_TOLERANCE_KB = 16 * 1024;
    /** Live threads may differ by this many (pool threads started or retired), as in {@link SoakTest}. */
    private static final int THREAD_TOLERANCE = 8;

    private static final long YEAR_3000 = FleetWords.YEAR_3000;
    /** Far more than a run takes (about 30 s), short of the test's own wait for a child. */
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(90);

    private static final Pattern TIMING = Pattern.compile("^TIMING call=(\\d+) at=(\\d+)ms took=(\\d+)ms$");
    private static final Pattern SAMPLE = Pattern.compile("^SAMPLE at=(\\d+)ms heap-used-kb=(\\d+) threads=(\\d+)$");
    private static final Pattern START = Pattern.compile("^START epoch-ms=(\\d+)$");

    @TempDir
    Path workDir;

    private FaultServer server;
    private RedisServer redis;
    /** The paused and killed cell's own: the other cells share {@link #redis}, which is never paused. */
    private RedisServer pausedRedis;
    private TricklingProxy proxy;
    private RedisCommands channelWatch;
    private final ExecutorService background = Executors.newCachedThreadPool();

    @BeforeEach
    void start() throws Exception {
        server = FaultServer.start();
        redis = RedisServer.start(Files.createDirectories(workDir.resolve("shared-redis")));
        pausedRedis = RedisServer.start(Files.createDirectories(workDir.resolve("paused-redis")));
        proxy = TricklingProxy.to(redis.port());
    }

    @AfterEach
    void stop() throws Exception {
        background.shutdownNow();
        if (channelWatch != null) {
            channelWatch.close();
        }
        // What a failed start left unmade is not closed: its failure is the one to read.
        for (AutoCloseable made : new AutoCloseable[] {proxy, server, redis, pausedRedis}) {
            if (made != null) {
                made.close();
            }
        }
    }

    @Test
    void nothingAHostileRedisHoldsOrSaysCostsACallTheProviderOrTheInstancesMemory() throws Exception {
        Path stopFile = workDir.resolve("stop");
        Cell far = new Cell("far-future", redis.url());
        Cell probes = new Cell("probes", redis.url());
        Cell names = new Cell("names", redis.url());
        Cell garbage = new Cell("garbage", redis.url());
        Cell slow = new Cell("slow", "redis://127.0.0.1:" + proxy.port() + "/0").withQuota();
        Cell paused = new Cell("paused", pausedRedis.url()).withQuota();
        Cell skew = new Cell("skew", redis.url());
        List<Cell> steady = List.of(far, probes, names, garbage, slow, paused);

        // The far-future cell's primary answers its first call 429, so that its instance publishes
        // the silence of its key: the test learns the key's id (whatever the agent names it) from the channel.
        AtomicInteger farPrimaryCalls = new AtomicInteger();
        far.primary(exchange -> {
            if (farPrimaryCalls.incrementAndGet() == 1) {
                exchange.respond(429, "application/json", ChatWire.OPENAI.errorBody(429, "rate_limit_error", "slow down"),
                        "Retry-After", "1");
            } else {
                healthy("primary").answer(exchange);
            }
        });
        AtomicBoolean probesPrimaryDown = new AtomicBoolean();
        probes.primary(exchange -> (probesPrimaryDown.get() ? down() : healthy("primary")).answer(exchange));
        AtomicInteger skewPrimaryCalls = new AtomicInteger();
        skew.primary(exchange -> (skewPrimaryCalls.incrementAndGet() <= 3 ? down() : healthy("primary")).answer(exchange));
        AtomicReference<String> farThrottle = new AtomicReference<>();
        channelWatch = redis.commands();
        channelWatch.subscribe(far.prefix + "events", message -> {
            FleetWords.silencedIn(message).filter(name -> name.startsWith("primary#"))
                    .ifPresent(name -> farThrottle.compareAndSet(null, name));
        });

        // Before any instance runs: what their first replay reads.
        long weekAhead = System.currentTimeMillis() + Duration.ofDays(7).toMillis();
        try (RedisCommands hostile = redis.commands()) {
            hostile.call("SET", far.prefix + "open:" + BREAKER, weekAhead);
            hostile.call("SET", probes.prefix + "probes:" + BREAKER, 2_000_000_000);
            hostile.pipeline(FleetWords.randomKeys(names.prefix, new Random(35)));
        }

        for (Cell cell : steady) {
            cell.launch(ChildJvm.of(FleetInstanceApp.class, workDir).jvmArg("-Xmx256m")
                    .args(cell.primaryUrl(), APP_KEY, Long.toString(CALL_INTERVAL.toMillis()), "100000",
                            stopFile.toString(), "2000"));
        }
        CompletableFuture<SkewRun> skewRun = CompletableFuture.supplyAsync(() -> skewRun(skew, skewPrimaryCalls), background);

        long upBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (steady.stream().anyMatch(cell -> cell.requests() < 3) && System.nanoTime() < upBy) {
            Thread.sleep(50);
        }
        long learntBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (farThrottle.get() == null && System.nanoTime() < learntBy) {
            Thread.sleep(50);
        }
        Thread.sleep(2500); // a heap sample (every 2 s) from before anything below
        long hostileFrom = System.currentTimeMillis();

        List<CompletableFuture<Void>> hostilities = new ArrayList<>();
        hostilities.add(CompletableFuture.runAsync(() -> hostileWords(far, farThrottle.get(), garbage, names), background));
        hostilities.add(CompletableFuture.runAsync(() -> probesWhileDown(probes, probesPrimaryDown), background));
        hostilities.add(CompletableFuture.runAsync(() -> trickle(slow), background));
        hostilities.add(CompletableFuture.runAsync(() -> pauseThenKill(paused), background));
        for (CompletableFuture<Void> hostility : hostilities) {
            hostility.get(60, TimeUnit.SECONDS);
        }
        long lastRecovery = steady.stream().mapToLong(cell -> cell.recoveredAt).max().orElseThrow();
        // Room for the primary to be back, then calls enough to see that it is.
        sleepUntil(lastRecovery + OPEN_DURATION.plus(BACK_ALLOWANCE).toMillis() + 2000);
        Files.createFile(stopFile);

        List<Executable> checks = new ArrayList<>();
        for (Cell cell : steady) {
            AppOutput output = cell.instance.get(120, TimeUnit.SECONDS);
            Instance instance = new Instance(cell.name, output).kept();
            System.out.println(instance.summary(hostileFrom, cell.recoveredAt));
            checks.add(() -> instance.assertServedEveryCall());
            checks.add(() -> instance.assertNoAddedWait(hostileFrom - 1000));
            checks.add(() -> instance.assertPrimaryBack(cell.recoveredAt));
            checks.add(() -> instance.assertFlat(hostileFrom));
        }
        checks.add(() -> assertTrue(farThrottle.get() != null, "far-future: the instance never published the"
                + " silence of the primary's key (its first call to the primary is answered 429): the primary was never"
                + " called, so its key's silence could not be played back"));
        SkewRun skewed = skewRun.get(2 * CHILD_TIMEOUT.toSeconds() + 20, TimeUnit.SECONDS);
        checks.addAll(skewed.checks());
        assertAll("a hostile fleet", checks);
    }

    // ---- what the hostile fleet does

    /**
     * Far-future openings and silences, garbage and random names, then every subscription killed.
     * Keys are set with an expiry as long as their end (an instance replays only what expires), the
     * far-future one before start without any.
     */
    private void hostileWords(Cell far, String farThrottle, Cell garbage, Cell names) {
        try (RedisCommands hostile = redis.commands()) {
            long weekAhead = System.currentTimeMillis() + Duration.ofDays(7).toMillis();
            hostile.call("SET", far.prefix + "open:" + BREAKER, weekAhead, "PXAT", weekAhead);
            for (long until : List.of(YEAR_3000, weekAhead, Long.MAX_VALUE)) {
                for (String message : FleetWords.opened(BREAKER, until)) {
                    hostile.call("PUBLISH", far.prefix + "events", message);
                }
            }
            if (farThrottle != null) {
                hostile.call("SET", far.prefix + "silence:" + farThrottle, YEAR_3000, "PXAT", YEAR_3000);
                for (long until : List.of(YEAR_3000, weekAhead, Long.MAX_VALUE)) {
                    for (String message : FleetWords.silence(farThrottle, until)) {
                        hostile.call("PUBLISH", far.prefix + "events", message);
                    }
                }
            }

            for (Object message : FleetWords.garbage(BREAKER)) {
                hostile.call("PUBLISH", garbage.prefix + "events", message);
            }
            hostile.call("SET", garbage.prefix + "open:" + BREAKER, "not a number", "PX", 60_000);
            hostile.call("SET", garbage.prefix + "open:primary", "-" + Long.MAX_VALUE + "0", "PX", 60_000);
            hostile.call("SET", garbage.prefix + "silence:primary#", "", "PX", 60_000);
            hostile.call("HSET", garbage.prefix + "open:primary/hash", "until", YEAR_3000);
            hostile.call("RPUSH", garbage.prefix + "silence:primary#list", YEAR_3000);
            hostile.call("SET", garbage.prefix + "open:primary/huge", "9".repeat(1 << 20), "PX", 60_000);
            hostile.call("SET", garbage.prefix + "open:" + "x".repeat(100_000), YEAR_3000, "PX", 60_000);

            hostile.pipeline(FleetWords.randomNames(names.prefix + "events", new Random(36)));

            // Every instance's subscription breaks: each replays what Redis holds, this included.
            hostile.call("CLIENT", "KILL", "TYPE", "pubsub");
            long now = System.currentTimeMillis();
            far.recoveredAt = now;
            garbage.recoveredAt = now;
            names.recoveredAt = now;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The primary down twice, each time long enough to open the breaker and to fail a probe: first
     * with the probe count set before the instance started, without expiry; then with it set
     * again while the breaker is open, to expire in a week.
     */
    private void probesWhileDown(Cell probes, AtomicBoolean primaryDown) {
        try (RedisCommands hostile = redis.commands()) {
            primaryDown.set(true);
            Thread.sleep(2000);
            primaryDown.set(false);
            Thread.sleep(1500);
            primaryDown.set(true);
            Thread.sleep(800);
            hostile.call("SET", probes.prefix + "probes:" + BREAKER, 2_000_000_000, "PX", Duration.ofDays(7).toMillis());
            Thread.sleep(1200);
            primaryDown.set(false);
            probes.recoveredAt = System.currentTimeMillis();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Redis answering a byte every 200 ms, under the 250 ms socket timeout, for 6 s; its scripts
     * flushed first, so the next script call gets the 49-byte NOSCRIPT error, trickled for 10 s.
     */
    private void trickle(Cell slow) {
        try (RedisCommands hostile = redis.commands()) {
            hostile.call("SCRIPT", "FLUSH");
            proxy.trickle(Duration.ofMillis(200));
            Thread.sleep(6000);
            proxy.passThrough();
            slow.recoveredAt = System.currentTimeMillis();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cell's Redis paused 4 s ({@code DEBUG SLEEP}), then killed for 2 s, then back empty. */
    private void pauseThenKill(Cell paused) {
        try (RedisCommands hostile = pausedRedis.commands()) {
            hostile.send("DEBUG", "SLEEP", "4");
            Thread.sleep(4500);
            pausedRedis.kill();
            Thread.sleep(2000);
            pausedRedis.restart();
            paused.recoveredAt = System.currentTimeMillis();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- the clock skew

    /** What the two instances of the skew cell did, and what the test checks of them. */
    private record SkewRun(Instance ahead, long aheadLaunchedAt, int primaryCallsBefore, Instance onTime) {

        List<Executable> checks() {
            List<Executable> checks = new ArrayList<>();
            checks.add(() -> {
                long skewMillis = ahead.startEpochMillis() - aheadLaunchedAt;
                assertTrue(skewMillis >= SKEW.toMillis() - 5000 && skewMillis <= SKEW.toMillis() + 120_000,
                        () -> "skew: the first instance's clock was not an hour ahead (libfaketime): "
                                + skewMillis + " ms" + ahead.output.describe());
            });
            checks.add(ahead::assertServedEveryCall);
            checks.add(() -> assertTrue(primaryCallsBefore == 3, () -> "skew: the first instance's three calls met"
                    + " the primary's three 503s (so its breaker opened), but the primary had " + primaryCallsBefore
                    + ahead.output.describe()));
            checks.add(onTime::assertServedEveryCall);
            checks.add(() -> onTime.assertNoAddedWait(Long.MIN_VALUE, 2));
            checks.add(() -> {
                List<String> fallbacks = onTime.calls().values().stream()
                        .filter(call -> call.number > 1 && !"primary".equals(call.provider))
                        .map(Call::toString).toList();
                assertTrue(fallbacks.isEmpty(), () -> "skew: the instance with a true clock, started after the primary"
                        + " recovered, still went to the fallback (at most its first call may, within "
                        + OPEN_DURATION.toMillis() + " ms): " + fallbacks + onTime.output.describe());
            });
            return checks;
        }
    }

    /**
     * The issue's reproduction: an instance an hour ahead sees three 503s and opens its breaker; the
     * primary recovers; 3 s later an instance with a true clock sends six calls a second apart.
     */
    private SkewRun skewRun(Cell skew, AtomicInteger primaryCalls) {
        try {
            long launchedAt = System.currentTimeMillis();
            AppOutput ahead = ChildJvm.of(FleetInstanceApp.class, workDir).clockAhead(SKEW)
                    .args(skew.primaryUrl(), APP_KEY, "300", "3", "-", "2000")
                    .withAgent(skew.writeConfig())
                    .timeout(CHILD_TIMEOUT)
                    .run();
            int primaryCallsBefore = primaryCalls.get();
            Thread.sleep(3000);
            AppOutput onTime = ChildJvm.of(FleetInstanceApp.class, workDir)
                    .args(skew.primaryUrl(), APP_KEY, "1000", "6", "-", "2000")
                    .withAgent(skew.writeConfig())
                    .timeout(CHILD_TIMEOUT)
                    .run();
            return new SkewRun(new Instance("skew, clock an hour ahead", ahead).kept(), launchedAt, primaryCallsBefore,
                    new Instance("skew, true clock", onTime).kept());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ---- cells and instances

    /** One scenario: its own stubs, its own prefix on its Redis, its instance. */
    private final class Cell {

        final String name;
        final String prefix;
        final ConfigFile config;
        CompletableFuture<AppOutput> instance;
        /** When the primary recovered, or the fleet said its last hostile word (epoch millis). */
        volatile long recoveredAt;

        Cell(String name, String redisUrl) {
            this.name = name;
            this.prefix = "e2e-hostile-" + name + ":";
            this.config = ConfigFile.primaryFallingOverTo(server.rootUrl(name, "primary") + "/v1",
                            server.rootUrl(name, "backup") + "/v1")
                    .set("provider.backup.api-key", "sk-backup")
                    .set("breaker.consecutive-failures", 3)
                    .set("breaker.open-duration", OPEN_DURATION.toMillis() + "ms")
                    .set("breaker.half-open-probes", 1)
                    .set("throttle.max-silence", OPEN_DURATION.toMillis() + "ms")
                    .set("state.backend", "redis")
                    .set("state.redis.url", redisUrl)
                    .set("state.redis.timeout", REDIS_TIMEOUT.toMillis() + "ms")
                    .set("state.redis.prefix", prefix);
            server.on(name, "primary", healthy("primary")).on(name, "backup", healthy("backup"));
        }

        /** Every call to the primary makes a round trip to Redis: its quota, never reached. */
        Cell withQuota() {
            config.set("provider.primary.rpm", 1_000_000);
            return this;
        }

        void primary(FaultServer.Behaviour behaviour) {
            server.on(name, "primary", behaviour);
        }

        String primaryUrl() {
            return server.rootUrl(name, "primary") + "/v1";
        }

        int requests() {
            return server.requests(name, "primary") + server.requests(name, "backup");
        }

        Path writeConfig() throws IOException {
            return config.writeTo(workDir.resolve("llm-failover-" + name + ".properties"));
        }

        void launch(ChildJvm child) throws IOException {
            ChildJvm configured = child.withAgent(writeConfig()).timeout(CHILD_TIMEOUT);
            instance = CompletableFuture.supplyAsync(() -> {
                try {
                    return configured.run();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }, background);
        }
    }

    /** One call as the app saw it: when it was due (its wall clock), how long it took, who answered. */
    private record Call(int number, long dueAt, long tookMillis, int status, String provider) {
        @Override
        public String toString() {
            return "call " + number + " (due at " + dueAt + ", " + tookMillis + " ms, " + status + " from " + provider + ")";
        }
    }

    private record Sample(long at, long heapKb, int threads) {}

    /** What one instance printed, and the checks every scenario makes of it. */
    private record Instance(String name, AppOutput output) {

        long startEpochMillis() {
            return output.stdoutLines().stream().map(START::matcher).filter(Matcher::matches)
                    .mapToLong(m -> Long.parseLong(m.group(1))).findFirst().orElse(0);
        }

        Map<Integer, Call> calls() {
            Map<Integer, Result> results = output.results().stream()
                    .collect(Collectors.toMap(Result::call, Function.identity(), (a, b) -> a));
            Map<Integer, Call> calls = new LinkedHashMap<>();
            for (String line : output.stdoutLines()) {
                Matcher m = TIMING.matcher(line);
                if (m.matches()) {
                    int number = Integer.parseInt(m.group(1));
                    Result result = results.get(number);
                    calls.put(number, new Call(number, Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                            result == null ? 0 : result.status(), result == null ? null : servedBy(result)));
                }
            }
            return calls;
        }

        /** The provider that answered, by the answer itself: the agent marks only a failover's. */
        private static String servedBy(Result result) {
            for (String provider : List.of("primary", "backup")) {
                if (ProviderBehaviours.content(provider).equals(result.content())) {
                    return provider;
                }
            }
            return "neither";
        }

        List<Sample> samples() {
            return output.stdoutLines().stream().map(SAMPLE::matcher).filter(Matcher::matches)
                    .map(m -> new Sample(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                            Integer.parseInt(m.group(3))))
                    .toList();
        }

        void assertServedEveryCall() {
            assertTrue(output.completed() && output.stdoutLines().stream().noneMatch(line -> line.contains("undrained")),
                    () -> name + ": the instance did not finish its calls" + output.describe());
            List<String> unserved = calls().values().stream().filter(call -> call.status != 200).map(Call::toString)
                    .toList();
            assertTrue(output.errors().isEmpty() && unserved.isEmpty() && !calls().isEmpty(),
                    () -> name + ": every call is served, by the primary or the backup; not " + unserved + " "
                            + output.errors() + tail());
        }

        void assertNoAddedWait(long dueFrom) {
            assertNoAddedWait(dueFrom, 1);
        }

        /** Calls due from {@code dueFrom} (epoch millis), numbered from {@code firstCall}. */
        void assertNoAddedWait(long dueFrom, int firstCall) {
            long bound = REDIS_TIMEOUT.plus(LATENCY_ALLOWANCE).toMillis();
            List<String> slow = calls().values().stream()
                    .filter(call -> call.dueAt >= dueFrom && call.number >= firstCall && call.tookMillis > bound)
                    .map(Call::toString).toList();
            assertTrue(slow.isEmpty(), () -> name + ": no call waits on Redis beyond state.redis.timeout ("
                    + REDIS_TIMEOUT.toMillis() + " ms, with " + LATENCY_ALLOWANCE.toMillis() + " ms for the machine);"
                    + " these took longer: " + firstFew(slow) + tail());
        }

        void assertPrimaryBack(long recoveredAt) {
            long backBy = recoveredAt + OPEN_DURATION.plus(BACK_ALLOWANCE).toMillis();
            List<Call> after = calls().values().stream().filter(call -> call.dueAt >= backBy).toList();
            List<String> notPrimary = after.stream().filter(call -> !"primary".equals(call.provider))
                    .map(Call::toString).toList();
            assertTrue(after.size() >= 5 && notPrimary.isEmpty(), () -> name + ": the primary serves again within "
                    + OPEN_DURATION.toMillis() + " ms (+ " + BACK_ALLOWANCE.toMillis() + " ms) of its recovery at "
                    + recoveredAt + "; of the " + after.size() + " calls due from " + backBy + ", these did not go to"
                    + " it: " + firstFew(notPrimary) + tail());
        }

        void assertFlat(long hostileFrom) {
            List<Sample> samples = samples();
            Sample before = samples.stream().filter(sample -> sample.at <= hostileFrom).reduce((a, b) -> b).orElse(null);
            assertTrue(before != null && samples.size() >= 3, () -> name + ": heap and threads sampled before the"
                    + " hostile fleet spoke and after" + output.describe());
            Sample last = samples.get(samples.size() - 1);
            int mostThreads = samples.stream().filter(sample -> sample.at >= before.at).mapToInt(Sample::threads).max()
                    .orElseThrow();
            long heapTolerance = Math.max(HEAP_TOLERANCE_KB, before.heapKb / 4);
            assertTrue(last.heapKb <= before.heapKb + heapTolerance, () -> name + ": heap used after GC grew from "
                    + before.heapKb + " KB to " + last.heapKb + " KB" + tail());
            assertTrue(last.threads <= before.threads + THREAD_TOLERANCE && mostThreads <= before.threads + 2 * THREAD_TOLERANCE,
                    () -> name + ": live threads grew from " + before.threads + " to " + last.threads + " (most "
                            + mostThreads + ")" + tail());
        }

        /** The whole run, kept beside the surefire reports: a failure message shows only its end. */
        Instance kept() {
            try {
                Path directory = Files.createDirectories(Path.of("target", "hostile-fleet"));
                Files.writeString(directory.resolve(name.replaceAll("[^a-z0-9-]+", "-") + ".txt"), output.describe());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        String summary(long hostileFrom, long recoveredAt) {
            Map<Integer, Call> calls = calls();
            Map<String, Long> byProvider = calls.values().stream()
                    .collect(Collectors.groupingBy(call -> String.valueOf(call.provider), Collectors.counting()));
            long slowestBefore = calls.values().stream().filter(call -> call.dueAt < hostileFrom && call.number > 1)
                    .mapToLong(Call::tookMillis).max().orElse(0);
            long slowestAfter = calls.values().stream().filter(call -> call.dueAt >= hostileFrom)
                    .mapToLong(Call::tookMillis).max().orElse(0);
            long lastBackup = calls.values().stream().filter(call -> "backup".equals(call.provider))
                    .mapToLong(Call::dueAt).max().orElse(0);
            List<Sample> samples = samples();
            return String.format("hostile fleet, %s: %d calls %s, slowest %d ms before the hostile fleet spoke and %d ms"
                            + " after; last to the backup %s ms after the recovery; heap after GC %s; threads %s",
                    name, calls.size(), byProvider, slowestBefore, slowestAfter,
                    lastBackup == 0 ? "none" : Long.toString(lastBackup - recoveredAt),
                    samples.stream().map(sample -> Long.toString(sample.heapKb)).collect(Collectors.joining(" ", "", " KB")),
                    samples.stream().map(sample -> Integer.toString(sample.threads)).collect(Collectors.joining(" ")));
        }

        /** The end of the run's stderr, where the agent logs: the whole stdout is hundreds of lines. */
        private String tail() {
            List<String> lines = output.stderrLines();
            return "\n--- " + name + ": exit " + output.exitCode() + ", last lines of stderr:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        }

        private static String firstFew(List<String> items) {
            return items.size() <= 6 ? items.toString() : items.subList(0, 6) + " and " + (items.size() - 6) + " more";
        }
    }

    // ---- providers

    private static FaultServer.Behaviour healthy(String name) {
        return ProviderBehaviours.answering(ChatWire.OPENAI, name);
    }

    private static FaultServer.Behaviour down() {
        return ProviderBehaviours.failing(503, ChatWire.OPENAI.errorBody(503, "server_error", "overloaded"));
    }

    private static void sleepUntil(long epochMillis) throws InterruptedException {
        long remaining = epochMillis - System.currentTimeMillis();
        if (remaining > 0) {
            Thread.sleep(remaining);
        }
    }
}
