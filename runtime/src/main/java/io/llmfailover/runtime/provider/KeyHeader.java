package io.llmfailover.runtime.provider;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The header a provider's own key is sent in ({@code provider.<name>.auth}): by default the one its
 * protocol uses, except on Azure OpenAI hosts, which take {@code api-key}; set it for an Azure
 * resource behind another name (a private endpoint, an API gateway, a stand-in on loopback).
 */
public enum KeyHeader {
    BEARER("bearer", "Authorization", "Bearer "),
    API_KEY("api-key", "api-key", ""),
    X_API_KEY("x-api-key", "x-api-key", ""),
    X_GOOG_API_KEY("x-goog-api-key", "x-goog-api-key", "");

    private static final String AZURE_HOST_SUFFIX = ".openai.azure.com";

    private final String configName;
    private final String headerName;
    private final String valuePrefix;

    KeyHeader(String configName, String headerName, String valuePrefix) {
        this.configName = configName;
        this.headerName = headerName;
        this.valuePrefix = valuePrefix;
    }

    /** The value of {@code provider.<name>.auth} that selects this header. */
    public String configName() {
        return configName;
    }

    public String headerName() {
        return headerName;
    }

    /** The header's value for {@code key}: {@code Bearer <key>} or the bare key. */
    public String valueFor(String key) {
        return valuePrefix + key;
    }

    public static Optional<KeyHeader> fromConfigName(String value) {
        String wanted = value.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(header -> header.configName.equals(wanted)).findFirst();
    }

    /** The accepted values of {@code auth}, for an error message. */
    public static String configNames() {
        return Arrays.stream(values()).map(KeyHeader::configName).collect(Collectors.joining(" | "));
    }

    /** The header of a provider that does not set {@code auth}. */
    public static KeyHeader defaultFor(Protocol protocol, URI baseUrl) {
        return switch (protocol) {
            case OPENAI -> isAzure(baseUrl) ? API_KEY : BEARER;
            case ANTHROPIC -> X_API_KEY;
            case GEMINI -> X_GOOG_API_KEY;
            case VERTEX_GEMINI, VERTEX_ANTHROPIC -> BEARER;
            case BEDROCK, BEDROCK_ANTHROPIC -> BEARER;
        };
    }

    private static boolean isAzure(URI baseUrl) {
        String host = baseUrl.getHost();
        return host != null && host.toLowerCase(Locale.ROOT).endsWith(AZURE_HOST_SUFFIX);
    }
}
