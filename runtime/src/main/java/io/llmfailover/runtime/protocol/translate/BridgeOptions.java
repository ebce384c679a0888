package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.time.Clock;
import java.util.Objects;

/**
 * What a bridge needs to know beyond the two protocols.
 *
 * @param target the provider the request goes to (selects an OpenAI-compatible dialect)
 * @param defaultMaxTokens the {@code max_tokens} sent to Anthropic when the app set no limit
 *     (Anthropic requires one)
 * @param clock the source of {@code created} timestamps in translated OpenAI responses
 */
public record BridgeOptions(TargetProvider target, int defaultMaxTokens, Clock clock) {

    public static final int DEFAULT_MAX_TOKENS = 4096;
    public static final BridgeOptions DEFAULTS = new BridgeOptions(TargetProvider.UNKNOWN, DEFAULT_MAX_TOKENS, Clock.SYSTEM);

    public BridgeOptions {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(clock, "clock");
        if (defaultMaxTokens < 1) {
            throw new IllegalArgumentException("defaultMaxTokens must be positive, was " + defaultMaxTokens);
        }
    }

    public static BridgeOptions forTarget(TargetProvider target) {
        return new BridgeOptions(target, DEFAULT_MAX_TOKENS, Clock.SYSTEM);
    }

    public BridgeOptions withDefaultMaxTokens(int value) {
        return new BridgeOptions(target, value, clock);
    }

    public BridgeOptions withClock(Clock value) {
        return new BridgeOptions(target, defaultMaxTokens, value);
    }
}
