package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.provider.Provider;
import java.util.Locale;

/**
 * The provider a request is translated for, as far as the translators care: its name in the config
 * and its host, which select the dialect of an OpenAI-compatible endpoint.
 */
public record TargetProvider(String name, String host) {

    public static final TargetProvider UNKNOWN = new TargetProvider("", "");

    public TargetProvider {
        name = name == null ? "" : name.toLowerCase(Locale.ROOT);
        host = host == null ? "" : host.toLowerCase(Locale.ROOT);
    }

    public static TargetProvider of(Provider provider) {
        return new TargetProvider(provider.name(), provider.baseUrl().getHost());
    }
}
