package io.llmfailover.runtime.config;

import io.llmfailover.runtime.provider.CloudIdentity;
import io.llmfailover.runtime.provider.Protocol;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * How a provider's block says it is reached with a cloud's identity rather than a key: {@code auth =
 * sigv4 | google} (with {@code region} for SigV4), or by default for a cloud's own provider.
 */
final class CloudAuthSettings {

    private CloudAuthSettings() {}

    /** The cloud scheme the provider is reached with: the one {@code auth} names, else a cloud's default; empty for a key. */
    static Optional<CloudIdentity.Scheme> scheme(ConfigEntry auth, ConfigEntry region, Optional<Protocol> protocol,
            Optional<URI> baseUrl, List<String> keys) {
        return auth != null ? named(auth) : defaultScheme(region, protocol, baseUrl, keys);
    }

    /**
     * A cloud's own provider with neither a key nor {@code auth} is reached with the cloud's identity:
     * Bedrock with SigV4 where its region is known ({@code region}, or a {@code
     * bedrock-runtime.<region>.amazonaws.com} URL), Vertex AI with Google's Application Default
     * Credentials. Elsewhere {@code auth} says how, and without it the app's own credential is used.
     */
    private static Optional<CloudIdentity.Scheme> defaultScheme(ConfigEntry region, Optional<Protocol> protocol,
            Optional<URI> baseUrl, List<String> keys) {
        if (!keys.isEmpty() || protocol.isEmpty() || baseUrl.isEmpty()) {
            return Optional.empty();
        }
        if (protocol.get().onBedrock()
                && (region != null || CloudIdentity.awsRegionOf(baseUrl.get()).isPresent())) {
            return Optional.of(CloudIdentity.Scheme.SIGV4);
        }
        if (protocol.get().vertexPublisher() != null) {
            return Optional.of(CloudIdentity.Scheme.GOOGLE);
        }
        return Optional.empty();
    }

    /** The cloud scheme {@code auth} names ({@code sigv4}, {@code google}), if it names one. */
    private static Optional<CloudIdentity.Scheme> named(ConfigEntry auth) {
        if (auth == null || auth.value() == null) {
            return Optional.empty();
        }
        return CloudIdentity.Scheme.fromConfigName(auth.value());
    }

    /**
     * A cloud identity takes no key, and a SigV4 one a region: {@code region}, or the one the URL's
     * host names ({@code bedrock-runtime.us-east-1.amazonaws.com}).
     */
    static Optional<CloudIdentity> identity(String prefix, ConfigEntry auth, ConfigEntry region,
            CloudIdentity.Scheme scheme, URI baseUrl, List<String> keys, ConfigProblems problems) {
        if (!keys.isEmpty()) {
            problems.add(auth, "auth = " + scheme.configName() + " authorises with the cloud's own credentials,"
                    + " not a key; remove " + prefix + ".api-key(s), or use auth = bearer for an API key");
            return Optional.empty();
        }
        if (scheme == CloudIdentity.Scheme.GOOGLE) {
            return Optional.of(CloudIdentity.google());
        }
        if (region != null) {
            if (region.value() == null) {
                return Optional.empty();
            }
            if (!region.value().isBlank()) {
                return Optional.of(CloudIdentity.sigV4(region.value().strip()));
            }
        }
        Optional<String> fromUrl = CloudIdentity.awsRegionOf(baseUrl);
        if (fromUrl.isEmpty()) {
            problems.add(auth, "auth = sigv4 needs a region, and the url names none; add "
                    + prefix + ".region = <AWS region, e.g. us-east-1>");
        }
        return fromUrl.map(CloudIdentity::sigV4);
    }

}
