/**
 * What the walk tells about a call, as it happens: the {@link io.llmfailover.runtime.telemetry.CallObserver}
 * the gateway is given, with one {@link io.llmfailover.runtime.telemetry.CallScope} per call and one
 * {@link io.llmfailover.runtime.telemetry.AttemptScope} per attempt, why a step was skipped, and the
 * per-call decision line of {@code agent.log.level = debug}. No OpenTelemetry type appears here: the
 * OpenTelemetry side is {@code telemetry.otel}, which implements these. Depends on the contract, the
 * call, the route, the providers, the translation's dropped fields, the breaker's states and the
 * outcome vocabulary; never on the walk.
 */
package io.llmfailover.runtime.telemetry;
