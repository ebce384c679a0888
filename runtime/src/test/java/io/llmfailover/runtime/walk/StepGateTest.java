package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.walk.Chains.chat;
import static io.llmfailover.runtime.walk.Chains.keyId;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.keys.AppKeyId;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.operations.cache.LastResort;
import io.llmfailover.runtime.operations.drill.Drills;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.quota.QuotaBook;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.route.ChainStep;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.route.RouteTable;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The step gate, asked of one step at a time on the virtual clock: a step is passed with its permits
 * held, or skipped with its reason and how long until it may be tried; a skip holds nothing.
 */
class StepGateTest {

    private record Skip(String provider, SkipReason reason, long nanosUntilAllowed) {}

    private final ManualClock clock = new ManualClock();
    private final FailoverConfig config = Chains.config("primary", "backup");
    private final ResilienceState state = new LocalResilienceState(config.breaker(), config.throttle(), clock,
            List.of(), List.of());
    private final QuotaBook quotas = new QuotaBook(config.shaping(), clock, state.sharedQuotas());
    private final WalkContext context = WalkContext.of(config, state,
            new KeyPool(state, quotas, new AppKeyId(Chains.DEFAULT_IDS), config.providers().values()), quotas,
            new LastFailures(clock), LastResort.OFF, Drills.NONE, CallObserver.NOOP, clock, new ManualScheduler(clock));
    private final Provider primary = config.providers().get("primary");
    private final RecognizedCall call = CallRecognizer.recognize(primary, chat()).orElseThrow();
    private final Route route = RouteTable.of(config.routes(), config.providers()::get).routeFor(primary, "gpt-4o");
    private final List<Skip> skips = new ArrayList<>();
    private final StepGate gate = new StepGate(call, context, new ContextFit(call, route, context),
            (provider, model, reason, nanos) -> skips.add(new Skip(provider.name(), reason, nanos)));

    private ChainStep backup() {
        return route.chain().get(1);
    }

    private Throttle backupKey() {
        return state.throttle("backup", keyId("backup-key"));
    }

    private CircuitBreaker backupBreaker() {
        return state.breaker("backup", "backup-model");
    }

    @Test
    void aFreeStepPassesWithItsAttemptPlannedAndItsPermitsHeldUntilClosed() {
        StepGate.Pass pass = gate.pass(backup());

        assertNotNull(pass);
        assertEquals("backup", pass.attempt().provider().name());
        assertEquals("backup-model", pass.attempt().target().model());
        assertEquals(1, backupKey().inFlight(), "the key's slot is held");
        assertTrue(skips.isEmpty());

        pass.leases().close();
        assertEquals(0, backupKey().inFlight(), "closing gives back what was not reported");
    }

    @Test
    void aStepWhoseBreakerIsOpenIsSkippedUntilItMayBeTried() {
        openBackupBreaker();

        assertNull(gate.pass(backup()));

        assertEquals(List.of(new Skip("backup", SkipReason.BREAKER_OPEN, Duration.ofSeconds(5).toNanos())), skips);
        assertEquals(0, backupKey().inFlight(), "no key was taken");
    }

    @Test
    void aStepWhoseKeyIsSilencedIsSkippedAndGivesBackItsHalfOpenProbe() {
        openBackupBreaker();
        clock.advance(Duration.ofSeconds(5));
        backupKey().silenceForFleet(3_000);

        assertNull(gate.pass(backup()));

        assertEquals(List.of(new Skip("backup", SkipReason.SILENCED, Duration.ofSeconds(3).toNanos())), skips);
        assertEquals(BreakerState.HALF_OPEN, backupBreaker().state());
        assertTrue(backupBreaker().tryAcquire().isPresent(), "the breaker's one probe was given back by the skip");
    }

    @Test
    void aSkipOfTheGateCostsTheNextStepNothing() {
        backupKey().silenceForFleet(3_000);

        assertNull(gate.pass(backup()));
        StepGate.Pass primaryPass = gate.pass(route.chain().get(0));

        assertNotNull(primaryPass, "the addressed provider, with the app's own credential, is free");
        assertEquals(1, skips.size());
        primaryPass.leases().close();
    }

    /** Three failures in a row open the backup's breaker for 5 s ({@link Chains#BREAKER}). */
    private void openBackupBreaker() {
        for (int failure = 0; failure < 3; failure++) {
            BreakerPermit permit = backupBreaker().tryAcquire().orElseThrow();
            permit.onFailure();
        }
        assertEquals(BreakerState.OPEN, backupBreaker().state());
    }
}
