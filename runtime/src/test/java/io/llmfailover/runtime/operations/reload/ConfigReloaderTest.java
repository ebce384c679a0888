package io.llmfailover.runtime.operations.reload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.operations.status.ProviderStatus;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import io.llmfailover.runtime.time.Scheduler;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Live reload: an edit takes effect within {@code config.reload}; a bad one changes nothing and says why. */
class ConfigReloaderTest {

    private static final String PRIMARY = "127.0.0.1:9001";
    private static final String BACKUP = "127.0.0.1:9002";
    private static final String THIRD = "127.0.0.1:9003";
    private static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final List<Gateway> installed = new ArrayList<>();
    private final ScriptedTransport transport = new ScriptedTransport()
            .on(PRIMARY, ScriptedTransport.status(503, "{}"))
            .on(BACKUP, ScriptedTransport.ok(ANSWER))
            .on(THIRD, ScriptedTransport.ok(ANSWER));

    @Test
    void anEditTakesEffectWithinTheIntervalAndUnchangedProvidersKeepTheirState() throws Exception {
        Path file = write("primary, backup", "");
        Gateway first = start(file);
        for (int call = 0; call < 3; call++) {
            first.execute(chat(), transport); // three 503s open the primary's breaker
        }
        assertEquals(BreakerState.OPEN, first.providerStates().of("primary").orElseThrow().breakerState());

        write("primary, third", "provider.third.url = http://" + THIRD + "/v1\nprovider.third.api-key = sk-third\n");
        scheduler.advance(Duration.ofMillis(4999));
        assertTrue(installed.isEmpty(), "not before the interval");
        scheduler.advance(Duration.ofMillis(1));
        assertTrue(installed.isEmpty(), "not before the edit stayed as it is for the settle");
        scheduler.advance(FileLook.SETTLE);

        assertEquals(1, installed.size());
        Gateway next = installed.get(0);
        assertEquals(List.of("primary", "backup", "third"), next.providerStates().names());
        assertEquals(BreakerState.OPEN, next.providerStates().of("primary").orElseThrow().breakerState(),
                "the primary's definition did not change: its open breaker is kept");
        LlmResponse answer = next.execute(chat(), transport);
        assertEquals(Optional.of("third"), answer.headers().first("x-llm-failover-provider"), "the new chain");
        assertEquals(3, transport.sentTo(PRIMARY), "the open breaker still keeps calls off the primary");
    }

    @Test
    void aRedefinedProviderStartsAfresh() throws Exception {
        Path file = write("primary, backup", "");
        Gateway first = start(file);
        for (int call = 0; call < 3; call++) {
            first.execute(chat(), transport);
        }

        write("primary, backup", "provider.primary.api-key = sk-primary-new\n");
        lookAndSettle(Duration.ofSeconds(5));

        assertEquals(BreakerState.CLOSED, installed.get(0).providerStates().of("primary").orElseThrow().breakerState());
    }

    @Test
    void aBadEditKeepsTheRunningConfigAndSaysWhereTheProblemIs() throws Exception {
        Path file = write("primary, backup", "");
        Gateway first = start(file);

        try (LogCapture log = new LogCapture()) {
            write("primary, backup", "breaker.half-open-probes = many\n");
            lookAndSettle(Duration.ofSeconds(5));

            assertTrue(installed.isEmpty(), "nothing installed");
            assertEquals(1, log.linesWith("is not applied; the running config stays").size(), log.lines().toString());
            assertEquals(1, log.linesWith(file + ":8: breaker.half-open-probes").size(), log.lines().toString());

            scheduler.advance(Duration.ofSeconds(5));
            assertEquals(1, log.linesWith("is not applied").size(), "said once per edit, not every interval");
        }
        write("primary, backup", "breaker.half-open-probes = 2\n");
        lookAndSettle(Duration.ofSeconds(5));

        assertEquals(1, installed.size(), "the fixed edit is applied");
        assertEquals(2, installed.get(0).config().breaker().halfOpenProbes());
        assertNotSame(first, installed.get(0));
    }

    @Test
    void reloadOffWatchesNothing() throws Exception {
        Path file = write("primary, backup", "config.reload = off\n");
        start(file);

        write("primary, backup", "provider.backup.model.* = other\n");
        scheduler.advance(Duration.ofMinutes(1));

        assertTrue(installed.isEmpty());
        assertEquals(0, scheduler.pending());
    }

    @Test
    void theIntervalItselfCanBeReloaded() throws Exception {
        Path file = write("primary, backup", "");
        start(file);

        write("primary, backup", "config.reload = 1s\n");
        lookAndSettle(Duration.ofSeconds(5));
        write("primary, backup", "config.reload = 1s\nprovider.backup.model.* = other\n");
        lookAndSettle(Duration.ofSeconds(1));

        assertEquals(2, installed.size());
        assertEquals("other", installed.get(1).config().providers().get("backup").models().get("*"));
    }

    @Test
    void anEditMadeBeforeTheWatchStartedIsPickedUpAtItsFirstLook() throws Exception {
        Path file = write("primary, backup", "");
        LoadedConfig loaded = LoadedConfig.of(load(file));
        write("primary", "");

        watch(Gateway.builder(loaded.config()).clock(clock).scheduler(scheduler).build(), file);
        lookAndSettle(Duration.ofSeconds(5));

        assertEquals(1, installed.size());
        assertEquals(List.of("primary"), installed.get(0).config().routes().get(0).chain());
    }

    /** premain parses the file; the engine is built on that config later, at the first call. */
    @Test
    void anEditMadeBetweenTheParseAtStartAndTheEngineIsAppliedByTheWatchOnceItSettles() throws Exception {
        Path file = write("primary, backup", "");
        FailoverConfig parsed = load(file);
        write("primary", "");
        long justEdited = Files.getLastModifiedTime(file).toMillis();

        LoadedConfig atStart = LoadedConfig.of(parsed).latest(content -> load(file, content), justEdited);
        assertEquals(List.of("primary", "backup"), atStart.config().routes().get(0).chain(), "not settled yet: as parsed");
        watch(Gateway.builder(atStart.config()).clock(clock).scheduler(scheduler).build(), file);
        lookAndSettle(Duration.ofSeconds(5));

        assertEquals(1, installed.size(), "the edit was never parsed: the watch applies it once it settled");
        assertEquals(List.of("primary"), installed.get(0).config().routes().get(0).chain());
    }

    @Test
    void theLatestConfigIsTheFileAsLoadedWhenItWasNotEdited() throws Exception {
        Path file = write("primary, backup", "");
        LoadedConfig loaded = LoadedConfig.of(load(file));

        assertSame(loaded, loaded.latest(content -> load(file, content)));
    }

    @Test
    void theLatestConfigIsAValidEditMadeSinceItWasLoaded() throws Exception {
        Path file = write("primary, backup", "");
        LoadedConfig loaded = LoadedConfig.of(load(file));
        write("primary", "");

        LoadedConfig latest = loaded.latest(content -> load(file, content), settledAfter(file));

        assertEquals(List.of("primary"), latest.config().routes().get(0).chain());
        assertArrayEquals(Files.readAllBytes(file), latest.config().sourceContent());
    }

    @Test
    void anInvalidEditLeavesTheConfigAsLoadedForTheWatchToReport() throws Exception {
        Path file = write("primary, backup", "");
        LoadedConfig loaded = LoadedConfig.of(load(file));
        write("primary, nowhere", "");

        assertSame(loaded, loaded.latest(content -> load(file, content), settledAfter(file)));
    }

    @Test
    void theLatestConfigLeavesAnEditThatMayStillBeBeingWrittenToTheWatch() throws Exception {
        Path file = write("primary, backup", "");
        LoadedConfig loaded = LoadedConfig.of(load(file));
        write("primary", "");
        long modified = Files.getLastModifiedTime(file).toMillis();

        assertSame(loaded, loaded.latest(content -> load(file, content), modified + FileLook.SETTLE.toMillis() - 1));
    }

    @Test
    void aFileCaughtHalfWrittenIsNeverAppliedAndTheEditIsAppliedFromTheBytesSeen() throws Exception {
        Path file = write("primary, backup", "");
        List<String> parsed = new ArrayList<>();
        Gateway first = Gateway.builder(load(file)).clock(clock).scheduler(scheduler).build();
        ConfigReloader.start(first, content -> {
                    parsed.add(new String(content, StandardCharsets.UTF_8));
                    return load(file, content);
                },
                (running, reloaded) -> Gateway.builder(reloaded).clock(clock).scheduler(scheduler).carryingOver(running).build(),
                installed::add, scheduler);
        String edit = Files.readString(file).replace("route.chat.chain = primary, backup", "route.chat.chain = primary");
        // Half the edit, cut at a line: valid on its own, with no route at all.
        Files.writeString(file, edit.substring(0, edit.indexOf("route.chat.match")));

        scheduler.advance(Duration.ofSeconds(5));
        Files.writeString(file, edit); // the writer finishes before the edit settled
        scheduler.advance(FileLook.SETTLE);
        assertTrue(installed.isEmpty(), "the file changed since the last look: not settled yet");
        scheduler.advance(FileLook.SETTLE);

        assertEquals(1, installed.size(), "only the whole edit is applied");
        assertEquals(List.of("primary"), installed.get(0).config().routes().get(0).chain());
        assertEquals(List.of(edit), parsed, "parsed once, from the bytes the looks saw");
    }

    @Test
    void aProviderAnOperatorTookOutStaysOutWhateverTheReloadChangesUntilForceClose() throws Exception {
        Path file = write("primary, backup", "");
        Gateway first = start(file);
        first.providerStates().forceOpen("primary");

        // breaker.* changed (a fresh state for every provider), and the primary itself redefined
        write("primary, backup", "breaker.half-open-probes = 2\nprovider.primary.api-key = sk-primary-new\n");
        lookAndSettle(Duration.ofSeconds(5));

        Gateway next = installed.get(0);
        assertTrue(next.providerStates().of("primary").orElseThrow().forcedOpen());
        LlmResponse answer = next.execute(chat(), transport);
        assertEquals(Optional.of("backup"), answer.headers().first("x-llm-failover-provider"));
        assertEquals(0, transport.sentTo(PRIMARY), "forced open: no call reaches the primary");

        write("primary, backup", "breaker.half-open-probes = 3\n");
        lookAndSettle(Duration.ofSeconds(5));
        assertTrue(installed.get(1).providerStates().of("primary").orElseThrow().forcedOpen(), "still out, reload after reload");

        installed.get(1).providerStates().forceClose("primary");
        write("primary, backup", "breaker.half-open-probes = 2\n");
        lookAndSettle(Duration.ofSeconds(5));
        assertEquals(false, installed.get(2).providerStates().of("primary").orElseThrow().forcedOpen(), "put back: stays back");
    }

    @Test
    void theStatusPageAndDrillRemindersRunOnTheOperatorsTimerNotTheDeadlines() throws Exception {
        Path file = write("primary, backup", "status.interval = 1m\ndrill.enabled = true\ndrill.primary.fault = 429:1%\n");
        ManualScheduler deadlines = new ManualScheduler(clock);
        ManualScheduler chores = new ManualScheduler(clock);

        Gateway.builder(load(file)).clock(clock).scheduler(deadlines).operating(chores).build();

        assertEquals(0, deadlines.pending(), "nothing of the operator's on the deadlines' timer");
        assertEquals(2, chores.pending(), "the status page and the drill reminder");
    }

    @Test
    void theOperatorsTimerIsADaemonThreadOfItsOwn() throws Exception {
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();

        Scheduler.OPERATING.schedule(0, () -> ranOn.complete(Thread.currentThread()));

        Thread thread = ranOn.get(10, TimeUnit.SECONDS);
        assertEquals("llm-failover-operating", thread.getName());
        assertTrue(thread.isDaemon());
    }

    /** Key ids name the fleet's shared state: a new salt applies at the next restart, as every {@code state.*} key does. */
    @Test
    void aNewKeySaltTakesEffectAtTheNextRestartNotAtAReload() throws Exception {
        Path file = write("primary, backup", "state.key-salt = salt-at-start\n");
        Gateway first = start(file);
        first.execute(chat(), transport).close();
        List<String> idsAtStart = keyIdsOf(first, "backup");

        write("primary, backup", "state.key-salt = salt-of-the-edit\n");
        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            lookAndSettle(Duration.ofSeconds(5));
            lines = log.linesWith("reloaded");
        }
        Gateway next = installed.get(0);
        next.execute(chat(), transport).close();

        assertEquals(1, idsAtStart.size());
        assertEquals(idsAtStart, keyIdsOf(next, "backup"), "the backup's key keeps its id, and its throttle");
        assertTrue(lines.get(0).contains("state.* take effect at the next restart"), lines.get(0));
        Gateway restarted = Gateway.builder(load(file)).clock(clock).scheduler(scheduler).build();
        restarted.execute(chat(), transport).close();
        assertEquals(1, keyIdsOf(restarted, "backup").size());
        assertNotEquals(idsAtStart, keyIdsOf(restarted, "backup"), "a restart names the key under the new salt");
    }

    private static List<String> keyIdsOf(Gateway gateway, String provider) {
        return gateway.providerStates().of(provider).orElseThrow().keys().stream()
                .map(ProviderStatus.Key::keyId).filter(id -> id.startsWith("key:")).toList();
    }

    private Gateway start(Path file) throws Exception {
        LoadedConfig loaded = LoadedConfig.of(load(file));
        Gateway gateway = Gateway.builder(loaded.config()).clock(clock).scheduler(scheduler).build();
        watch(gateway, file);
        return gateway;
    }

    private void watch(Gateway gateway, Path file) {
        ConfigReloader.start(gateway, content -> load(file, content),
                (running, reloaded) -> Gateway.builder(reloaded).clock(clock).scheduler(scheduler).carryingOver(running).build(),
                installed::add, scheduler);
    }

    private FailoverConfig load(Path file) throws ConfigException {
        return ConfigLoader.load("config=" + file, Map.of(), new Properties(), dir);
    }

    private FailoverConfig load(Path file, byte[] content) throws ConfigException {
        return ConfigLoader.load("config=" + file, Map.of(), new Properties(), dir, content);
    }

    /** The next look at the file, {@code interval} on, and the one a settle later that applies what it saw. */
    private void lookAndSettle(Duration interval) {
        scheduler.advance(interval);
        scheduler.advance(FileLook.SETTLE);
    }

    /** A moment at which the file's last edit has settled. */
    private static long settledAfter(Path file) throws IOException {
        return Files.getLastModifiedTime(file).toMillis() + FileLook.SETTLE.toMillis();
    }

    private Path write(String chain, String extra) throws Exception {
        Path file = dir.resolve("llm-failover.properties");
        Files.writeString(file, "provider.primary.url = http://" + PRIMARY + "/v1\n"
                + "provider.backup.url = http://" + BACKUP + "/v1\n"
                + "provider.backup.api-key = sk-backup\n"
                + "route.chat.match = primary\n"
                + "route.chat.chain = " + chain + "\n"
                + "breaker.consecutive-failures = 3\n"
                + "breaker.open-duration = 60s\n"
                + extra);
        return file;
    }

    private static LlmRequest chat() {
        HttpHeaders headers = HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("Content-Type", "application/json").build();
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers,
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}".getBytes(StandardCharsets.UTF_8));
    }
}
