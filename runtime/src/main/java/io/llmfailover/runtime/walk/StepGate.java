package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.route.ChainStep;
import io.llmfailover.runtime.telemetry.SkipReason;
import java.util.Optional;

/**
 * Whether a chain step may take the call, asked in order: does the request fit its context window,
 * does its breaker let an attempt through, is a key free, can the request be translated. The step is
 * either skipped, with the reason told to {@link Skips}, or passed with its attempt planned and its
 * permits held. Whatever permits it took are released when it skips or throws.
 */
final class StepGate {

    /** Told of each step the gate skips. */
    @FunctionalInterface
    interface Skips {
        void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed);
    }

    /** A step that may take the call: the attempt planned for it and the permits it holds. */
    record Pass(Attempt attempt, AttemptLeases leases) {}

    private final RecognizedCall call;
    private final WalkContext context;
    private final ContextFit contextWindows;
    private final Skips skips;

    StepGate(RecognizedCall call, WalkContext context, ContextFit contextWindows, Skips skips) {
        this.call = call;
        this.context = context;
        this.contextWindows = contextWindows;
        this.skips = skips;
    }

    /** The step's attempt with its permits taken, or null when the step is skipped. */
    Pass pass(ChainStep step) {
        Provider provider = step.provider();
        String model = step.modelFor(call.source().model());
        if (!contextWindows.fits(provider)) {
            skips.skipped(provider, model, SkipReason.CONTEXT_WINDOW, 0);
            return null;
        }
        CircuitBreaker breaker = context.state().breaker(provider.name(), model);
        Optional<BreakerPermit> permit = breaker.tryAcquire();
        if (permit.isEmpty()) {
            skips.skipped(provider, model, SkipReason.BREAKER_OPEN, breaker.nanosUntilPermitted());
            return null;
        }
        AttemptLeases leases = new AttemptLeases(permit.get());
        try {
            Attempt attempt = planned(step, model, leases);
            if (attempt == null) {
                leases.close();
                return null;
            }
            return new Pass(attempt, leases);
        } catch (RuntimeException | Error internal) {
            leases.close();
            throw internal;
        }
    }

    /** The attempt with a key's slot and charge held on {@code leases}; null when no key is free or translation refuses. */
    private Attempt planned(ChainStep step, String model, AttemptLeases leases) {
        Provider provider = step.provider();
        KeyPool.Choice choice = context.keys().choose(provider, step.throttleScope(), call.request(),
                context.tokenEstimate(call, model));
        if (choice.lease() == null) {
            skips.skipped(provider, model, choice.skipReason(), choice.nanosUntilAllowed());
            return null;
        }
        leases.hold(choice.decision().slot(), choice.charge());
        try {
            return context.planner().plan(call, provider, model, choice.lease());
        } catch (UntranslatableRequestException refused) {
            skips.skipped(provider, model, SkipReason.UNTRANSLATABLE, 0);
            return null;
        } catch (IdentityUnavailableException noCredentials) {
            OnceLogger.notice("no-credentials:" + provider.name(), "llm-failover: " + provider.name() + " passed over: "
                    + noCredentials.getMessage() + "; calls fail over to the next step until it has them");
            skips.skipped(provider, model, SkipReason.NO_CREDENTIALS, 0);
            return null;
        }
    }
}
