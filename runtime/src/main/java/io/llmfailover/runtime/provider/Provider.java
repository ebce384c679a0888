package io.llmfailover.runtime.provider;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One endpoint speaking one wire protocol.
 *
 * @param name the provider's name in the config ({@code provider.<name>.*}), or the well-known
 *     name of a host the agent knows without config
 * @param baseUrl the base URL including the API version path, never ending in '/'
 * @param apiKeys the provider's own keys, in pool order; empty means "keep the app's credential",
 *     which is only ever sent to the host the app addressed
 * @param models the model map: the model the app asked for to the model sent here, with {@code *}
 *     for any other model; a model absent from the map is sent unchanged
 * @param keyHeader the header the provider's own keys are sent in ({@code provider.<name>.auth})
 * @param identity the cloud identity every request to it is authorised with, instead of a key
 *     ({@code auth = sigv4 | google}); null for a provider of keys
 */
public record Provider(String name, URI baseUrl, Protocol protocol, List<String> apiKeys, Map<String, String> models,
        KeyHeader keyHeader, CloudIdentity identity) {

    public Provider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(protocol, "protocol");
        apiKeys = List.copyOf(apiKeys);
        models = Map.copyOf(models);
        Objects.requireNonNull(keyHeader, "keyHeader");
        if (identity != null && !apiKeys.isEmpty()) {
            throw new IllegalArgumentException("a provider is reached with its keys or with a cloud identity, not both");
        }
    }

    /** A provider of keys, sent in {@code keyHeader}. */
    public Provider(String name, URI baseUrl, Protocol protocol, List<String> apiKeys, Map<String, String> models,
            KeyHeader keyHeader) {
        this(name, baseUrl, protocol, apiKeys, models, keyHeader, null);
    }

    /** A provider whose keys go in its protocol's own header (Azure's {@code api-key} on Azure hosts). */
    public Provider(String name, URI baseUrl, Protocol protocol, List<String> apiKeys, Map<String, String> models) {
        this(name, baseUrl, protocol, apiKeys, models, KeyHeader.defaultFor(protocol, baseUrl), null);
    }

    /** The model to send to this provider when the app asked for {@code requested}. */
    public String mapModel(String requested) {
        if (requested != null) {
            String exact = models.get(requested);
            if (exact != null) {
                return exact;
            }
        }
        return models.getOrDefault("*", requested);
    }

    public boolean hasOwnKeys() {
        return !apiKeys.isEmpty();
    }

    /**
     * Written out rather than left to the record: a record's equals runs through method handles
     * whose warm-up takes a JDK monitor, and on JDK 25 that pinned the carrier of a virtual thread
     * failing over (VirtualThreadsTest). The same provider, the common case, answers at once.
     */
    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        return other instanceof Provider that && name.equals(that.name) && baseUrl.equals(that.baseUrl)
                && protocol == that.protocol && keyHeader == that.keyHeader && apiKeys.equals(that.apiKeys)
                && models.equals(that.models) && Objects.equals(identity, that.identity);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, baseUrl, protocol, apiKeys, models, keyHeader, identity);
    }

    @Override
    public String toString() {
        // Never the keys; how requests are authorised, when the provider's own cloud identity does it.
        String auth = identity == null ? "" : ", auth " + identity;
        return name + "(" + protocol.configName() + " " + baseUrl + auth + ")";
    }
}
