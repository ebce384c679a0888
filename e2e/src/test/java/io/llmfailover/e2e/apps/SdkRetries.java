package io.llmfailover.e2e.apps;

/**
 * Whether an SDK app leaves the SDK's own retries at the SDK's default (2 retries for openai-java
 * and anthropic-java) or turns them off, so that each call is exactly one request the agent sees.
 * Off unless the JVM option {@code -De2e.sdk.default-retries=true} is given.
 */
public final class SdkRetries {

    public static final String DEFAULT_RETRIES_PROPERTY = "e2e.sdk.default-retries";

    private SdkRetries() {}

    static boolean leftAtDefault() {
        return Boolean.getBoolean(DEFAULT_RETRIES_PROPERTY);
    }
}
