package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.provider.BaseUrl;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a call was not governed, for {@code agent.log.level = debug}: the one line that tells an
 * operator why a call was not failed over. Never worked out on the hot path.
 */
final class NotGovernedReason {

    private NotGovernedReason() {}

    /**
     * Null for a call that neither goes to a provider's host nor looks like a generation call (the
     * app's other traffic, the agent's own export): nothing to explain.
     */
    static String of(ProviderDirectory directory, String method, URI uri) {
        String origin = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort();
        boolean providersHost = directory.governs(uri);
        if (!providersHost && !CallRecognizer.looksLikeGeneration(method, uri.getRawPath())) {
            return null;
        }
        Optional<Provider> nearest = directory.nearestConfigured(uri);
        if (nearest.isPresent()) {
            return "the nearest provider, " + nearest.get().name() + " (" + nearest.get().baseUrl() + "), differs: "
                    + differences(uri, nearest.get().baseUrl()) + " (a call is governed when its scheme, host and "
                    + "port are those of a provider's url and its path lies under that url's path)";
        }
        if (!providersHost) {
            return "no provider at " + origin + " (scheme, host and port must be a provider's url; names are not resolved)";
        }
        return directory.addressed(uri)
                .map(provider -> method + " " + uri.getRawPath() + " is not a generation call of " + provider.name()
                        + " (only those are governed; everything else passes through)")
                .orElse("no provider's url is a prefix of " + origin + uri.getRawPath());
    }

    /** What sets a call apart from a provider's base URL on the same host and port: its scheme, its path. */
    private static String differences(URI call, URI base) {
        List<String> differs = new ArrayList<>();
        if (!String.valueOf(call.getScheme()).equalsIgnoreCase(base.getScheme())) {
            differs.add("the call's scheme is " + call.getScheme() + ", the provider's " + base.getScheme());
        }
        if (!BaseUrl.isUnder(String.valueOf(call.getRawPath()), base.getRawPath())) {
            differs.add("the call's path " + call.getRawPath() + " is not under the provider's " + base.getRawPath());
        }
        return String.join(", ", differs);
    }
}
