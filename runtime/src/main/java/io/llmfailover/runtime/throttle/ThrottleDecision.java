// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.throttle;
public record ThrottleDecision(Kind kind, long nanosUntilAllowed) { public enum Kind { ALLOWED, SILENCED, OVER_LIMIT } }
