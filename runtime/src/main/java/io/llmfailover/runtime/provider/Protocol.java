package io.llmfailover.runtime.provider;

import java.util.Locale;
import java.util.Optional;

/** The wire protocols a provider can speak, with the conventions that differ between them. */
public enum Protocol {
    OPENAI("openai", "/v1"),
    ANTHROPIC("anthropic", "/v1"),
    GEMINI("gemini", "/v1beta"),
    /** AWS Bedrock Runtime's Converse API: its paths start at the host, with no version. */
    BEDROCK("bedrock", "");

    private final String configName;
    private final String defaultVersionPath;

    Protocol(String configName, String defaultVersionPath) {
        this.configName = configName;
        this.defaultVersionPath = defaultVersionPath;
    }

    /** The value of {@code provider.<name>.protocol} that selects this protocol. */
    public String configName() {
        return configName;
    }

    /** The path a base URL gets when it was given with no path at all. */
    public String defaultVersionPath() {
        return defaultVersionPath;
    }

    public static Optional<Protocol> fromConfigName(String value) {
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        for (Protocol protocol : values()) {
            if (protocol.configName.equals(wanted)) {
                return Optional.of(protocol);
            }
        }
        return Optional.empty();
    }
}
