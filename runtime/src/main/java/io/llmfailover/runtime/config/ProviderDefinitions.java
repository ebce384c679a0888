package io.llmfailover.runtime.config;

import io.llmfailover.runtime.provider.BaseUrl;
import io.llmfailover.runtime.provider.CloudIdentity;
import io.llmfailover.runtime.provider.KeyHeader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.WellKnownProvider;
import io.llmfailover.runtime.provider.WellKnownProviders;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code provider.<name>.*} blocks, gathered key by key and then built into providers.
 *
 * <p>A name may contain dots ({@code provider.gcp.gemini.url}): the attribute is the last segment,
 * or everything after {@code .model.} for the model map. A well-known name needs no {@code url}
 * (it takes the catalogue's); {@code protocol} defaults to the catalogue's protocol for a URL on a
 * well-known host, else to {@code openai}.
 */
final class ProviderDefinitions {

    private static final String PREFIX = "provider.";
    private static final String MODEL = ".model.";
    private static final String EXPECTED_PROTOCOLS = Arrays.stream(Protocol.values())
            .map(Protocol::configName).collect(Collectors.joining(", "));

    private final Map<String, Block> blocks = new LinkedHashMap<>();

    /** Every key of one provider; an entry whose value failed substitution has a null value. */
    private static final class Block {
        final String name;
        final String firstWhere;
        ConfigEntry url;
        ConfigEntry protocol;
        ConfigEntry apiKey;
        ConfigEntry apiKeys;
        ConfigEntry auth;
        ConfigEntry region;
        ConfigEntry rpm;
        ConfigEntry tpm;
        ConfigEntry contextWindow;
        final Map<String, ConfigEntry> models = new LinkedHashMap<>();

        Block(String name, String firstWhere) {
            this.name = name;
            this.firstWhere = firstWhere;
        }
    }

    /** The provider a {@code provider.*} key names: what lies before {@code .model.}, or before the last dot. */
    static String nameIn(String key) {
        String rest = key.substring(PREFIX.length());
        int model = rest.indexOf(MODEL);
        int lastDot = rest.lastIndexOf('.');
        return model > 0 ? rest.substring(0, model) : lastDot > 0 ? rest.substring(0, lastDot) : "";
    }

    void accept(ConfigEntry entry, ConfigProblems problems) {
        String rest = entry.key().substring(PREFIX.length());
        int model = rest.indexOf(MODEL);
        int lastDot = rest.lastIndexOf('.');
        String name = nameIn(entry.key());
        if (name.isEmpty()) {
            problems.addUnknownKey(entry, "unknown key; expected provider.<name>.url, .protocol, .api-key, .api-keys, .auth, .region, .model.<model>, .rpm, .tpm"
                    + " or .context-window");
            return;
        }
        Block block = blocks.computeIfAbsent(name, n -> new Block(n, entry.where()));
        if (model > 0) {
            block.models.put(rest.substring(model + MODEL.length()), entry);
            return;
        }
        switch (rest.substring(lastDot + 1)) {
            case "url" -> block.url = entry;
            case "protocol" -> block.protocol = entry;
            case "api-key" -> block.apiKey = entry;
            case "api-keys" -> block.apiKeys = entry;
            case "auth" -> block.auth = entry;
            case "region" -> block.region = entry;
            case "rpm" -> block.rpm = entry;
            case "tpm" -> block.tpm = entry;
            case "context-window" -> block.contextWindow = entry;
            default -> problems.addUnknownKey(entry, KnownKeys.unknownKeyProblem(entry.key(),
                    KnownKeys.PROVIDER_ATTRIBUTES.stream().map(a -> PREFIX + name + "." + a).toList()));
        }
    }

    /** Names with at least one key, whether or not they turn out valid. */
    Set<String> names() {
        return blocks.keySet();
    }

    Map<String, Provider> build(ConfigProblems problems) {
        Map<String, Provider> providers = new LinkedHashMap<>();
        for (Block block : blocks.values()) {
            build(block, problems).ifPresent(provider -> providers.put(provider.name(), provider));
        }
        return providers;
    }

    /** Each provider's {@code rpm}, {@code tpm} and {@code context-window}, where any is set. */
    Map<String, ProviderLimits> limits(ConfigProblems problems) {
        Map<String, ProviderLimits> limits = new LinkedHashMap<>();
        for (Block block : blocks.values()) {
            if (block.rpm == null && block.tpm == null && block.contextWindow == null) {
                continue;
            }
            limits.put(block.name, new ProviderLimits((int) positive(block.rpm, Integer.MAX_VALUE, problems),
                    positive(block.tpm, Long.MAX_VALUE, problems), (int) positive(block.contextWindow, Integer.MAX_VALUE, problems)));
        }
        return limits;
    }

    /** A positive whole number, or 0 when absent or wrong (a wrong one is a problem). */
    private static long positive(ConfigEntry entry, long max, ConfigProblems problems) {
        if (entry == null || entry.value() == null) {
            return 0;
        }
        try {
            long value = Long.parseLong(entry.value().strip().replace("_", ""));
            if (value >= 1 && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        problems.add(entry, "not a positive whole number; expected, say, " + entry.key() + " = 500");
        return 0;
    }

    private Optional<Provider> build(Block block, ConfigProblems problems) {
        Optional<WellKnownProvider> sameName = WellKnownProviders.named(block.name).filter(e -> !e.hostSuffix());
        if (block.url == null && sameName.isEmpty()) {
            problems.add(block.firstWhere, PREFIX + block.name,
                    "no url; add " + PREFIX + block.name + ".url = <base URL with its version path>");
            return Optional.empty();
        }
        if (block.url != null && block.url.value() == null) {
            return Optional.empty();
        }
        String url = block.url != null ? block.url.value() : sameName.get().baseUrlOn(sameName.get().host()).toString();
        Optional<Protocol> protocol = protocol(block, url, sameName, problems);
        Optional<URI> baseUrl = protocol.flatMap(p -> baseUrl(block, url, p, problems));
        List<String> keys = apiKeys(block, problems);
        Map<String, String> models = models(block, problems);
        Optional<CloudIdentity.Scheme> scheme = CloudAuthSettings.scheme(block.auth, block.region, protocol, baseUrl, keys);
        Optional<KeyHeader> auth = scheme.isPresent() ? Optional.empty() : auth(block, problems);
        if (protocol.isEmpty() || baseUrl.isEmpty() || (block.auth != null && auth.isEmpty() && scheme.isEmpty())) {
            return Optional.empty();
        }
        KeyHeader keyHeader = auth.orElseGet(() -> KeyHeader.defaultFor(protocol.get(), baseUrl.get()));
        CloudIdentity identity = null;
        if (scheme.isPresent()) {
            Optional<CloudIdentity> cloud = CloudAuthSettings.identity(PREFIX + block.name, block.auth, block.region,
                    scheme.get(), baseUrl.get(), keys, problems);
            if (cloud.isEmpty()) {
                return Optional.empty();
            }
            identity = cloud.get();
        } else if (block.region != null) {
            problems.add(block.region, "region is read with auth = sigv4 only; remove it, or set "
                    + PREFIX + block.name + ".auth = sigv4");
            return Optional.empty();
        }
        return Optional.of(new Provider(block.name, baseUrl.get(), protocol.get(), keys, models, keyHeader, identity));
    }

    private static Optional<Protocol> protocol(
            Block block, String url, Optional<WellKnownProvider> sameName, ConfigProblems problems) {
        if (block.protocol == null) {
            return Optional.of(defaultProtocol(url, sameName));
        }
        if (block.protocol.value() == null) {
            return Optional.empty();
        }
        Optional<Protocol> protocol = Protocol.fromConfigName(block.protocol.value());
        if (protocol.isEmpty()) {
            problems.add(block.protocol, "unknown protocol; expected one of " + EXPECTED_PROTOCOLS);
        }
        return protocol;
    }

    private static Protocol defaultProtocol(String url, Optional<WellKnownProvider> sameName) {
        try {
            URI uri = new URI(url.strip());
            if (uri.getHost() != null && "https".equalsIgnoreCase(uri.getScheme())) {
                String path = uri.getRawPath() == null ? "" : uri.getRawPath();
                Optional<WellKnownProvider> onHost = WellKnownProviders.serving(uri.getHost().toLowerCase(Locale.ROOT), path);
                if (onHost.isPresent()) {
                    return onHost.get().protocol();
                }
            }
        } catch (URISyntaxException e) {
            // A malformed URL is reported when the base URL is built.
        }
        return sameName.map(WellKnownProvider::protocol).orElse(Protocol.OPENAI);
    }

    private static Optional<URI> baseUrl(Block block, String url, Protocol protocol, ConfigProblems problems) {
        try {
            return Optional.of(BaseUrl.normalise(url, protocol));
        } catch (IllegalArgumentException e) {
            problems.add(block.url, e.getMessage() + "; expected an http(s) base URL such as https://api.openai.com/v1");
            return Optional.empty();
        }
    }

    /** The header {@code auth} names, empty when it is absent or wrong (a wrong one is a problem). */
    private static Optional<KeyHeader> auth(Block block, ConfigProblems problems) {
        if (block.auth == null || block.auth.value() == null) {
            return Optional.empty();
        }
        Optional<KeyHeader> header = KeyHeader.fromConfigName(block.auth.value());
        if (header.isEmpty()) {
            problems.add(block.auth, "unknown auth; expected one of " + KeyHeader.configNames() + " | "
                    + CloudIdentity.Scheme.configNames());
        }
        return header;
    }

    /** {@code api-key} then {@code api-keys}, without duplicates. */
    private static List<String> apiKeys(Block block, ConfigProblems problems) {
        Set<String> keys = new LinkedHashSet<>();
        if (block.apiKey != null && block.apiKey.value() != null) {
            String key = block.apiKey.value().strip();
            if (key.isEmpty()) {
                problems.add(block.apiKey, "empty; remove the key to keep the app's own credential");
            } else {
                keys.add(key);
            }
        }
        if (block.apiKeys != null && block.apiKeys.value() != null) {
            List<String> pool = Arrays.stream(block.apiKeys.value().split(",")).map(String::strip)
                    .filter(key -> !key.isEmpty()).toList();
            if (pool.isEmpty()) {
                problems.add(block.apiKeys, "empty; expected a comma-separated list of keys");
            }
            keys.addAll(pool);
        }
        return new ArrayList<>(keys);
    }

    private static Map<String, String> models(Block block, ConfigProblems problems) {
        Map<String, String> models = new LinkedHashMap<>();
        block.models.forEach((requested, entry) -> {
            if (entry.value() == null) {
                return;
            }
            if (requested.isEmpty() || entry.value().isBlank()) {
                problems.add(entry, "expected " + PREFIX + block.name + ".model.<requested model or *> = <model sent here>");
                return;
            }
            models.put(requested, entry.value().strip());
        });
        return models;
    }
}
