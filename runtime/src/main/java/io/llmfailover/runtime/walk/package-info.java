/**
 * The chain walk: one call along its route's chain, step by step, until a provider answers for good.
 * {@link io.llmfailover.runtime.walk.ChainWalker} runs a {@link io.llmfailover.runtime.walk.ChainWalk}
 * per call over what every walk shares ({@link io.llmfailover.runtime.walk.WalkContext}); the walk asks
 * the {@link io.llmfailover.runtime.walk.StepGate} of each step (context fit, breaker, key,
 * translation: skip or lease), starts the attempt with the
 * {@link io.llmfailover.runtime.walk.AttemptRunner} (the plain walk's and a hedge's alike), settles
 * it with the {@link io.llmfailover.runtime.walk.AttemptSettler}, and publishes how it ended, once,
 * as an {@link io.llmfailover.runtime.walk.AttemptEnded} event that the leases, the exhaustion tally,
 * the failover log, the span and the last failures listen to. Also here: the head's classification,
 * the first-content deadline, hedging, the queue turn, stream commitment and resumption. Depends on
 * the contract and on everything it orchestrates below it (resilience, keys, protocol bridges,
 * cache, drills, telemetry's observer interfaces); never on the gateway nor on telemetry's
 * OpenTelemetry side.
 */
package io.llmfailover.runtime.walk;
