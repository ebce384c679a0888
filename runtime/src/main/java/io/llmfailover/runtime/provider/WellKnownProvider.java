package io.llmfailover.runtime.provider;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * An LLM endpoint the agent knows without any config.
 *
 * @param name the OpenTelemetry {@code gen_ai.provider.name} where one exists, else a plain name;
 *     for a host-suffix entry, the prefix of one name per host ({@link #nameOn})
 * @param host the exact host, or for a host-suffix entry the suffix every host ends with
 *     (Azure: {@code .openai.azure.com}, one host per customer resource)
 * @param hostSuffix whether {@code host} is a suffix rather than a host
 * @param basePath the version path that base URLs on this host carry, never ending in '/'
 * @param hostPrefixes for a host-suffix entry, how a host must start, one label (an AWS region)
 *     between it and the suffix; empty for any host with the suffix
 */
public record WellKnownProvider(String name, String host, boolean hostSuffix, String basePath, Protocol protocol,
        List<String> hostPrefixes) {

    /** Always https on the default port. */
    public static final int PORT = 443;

    static WellKnownProvider at(String name, String host, String basePath, Protocol protocol) {
        return new WellKnownProvider(name, host, false, basePath, protocol, List.of());
    }

    static WellKnownProvider onAnyHostEndingWith(String name, String suffix, String basePath, Protocol protocol) {
        return new WellKnownProvider(name, suffix, true, basePath, protocol, List.of());
    }

    /** On every region's host of a service: one of {@code prefixes}, a region, then {@code suffix} (AWS: {@code bedrock-runtime.<region>.amazonaws.com}). */
    static WellKnownProvider onRegionalHosts(String name, List<String> prefixes, String suffix, String basePath, Protocol protocol) {
        return new WellKnownProvider(name, suffix, true, basePath, protocol, List.copyOf(prefixes));
    }

    /** Whether this entry lives on {@code requestHost} (lower case). */
    public boolean servesHost(String requestHost) {
        if (!hostSuffix) {
            return requestHost.equals(host);
        }
        if (requestHost.length() <= host.length() || !requestHost.endsWith(host)) {
            return false;
        }
        return hostPrefixes.isEmpty() || hostPrefixes.stream().anyMatch(prefix -> oneLabelBetween(requestHost, prefix));
    }

    private boolean oneLabelBetween(String requestHost, String prefix) {
        if (!requestHost.startsWith(prefix) || requestHost.length() <= prefix.length() + host.length()) {
            return false;
        }
        return requestHost.substring(prefix.length(), requestHost.length() - host.length()).indexOf('.') < 0;
    }

    /** The base URL on {@code actualHost}, which for a host-suffix entry is the customer's own host. */
    public URI baseUrlOn(String actualHost) {
        return URI.create("https://" + actualHost + basePath);
    }

    /**
     * The provider's name on {@code actualHost}. Each host of a host-suffix entry is a customer
     * resource of its own (Azure: {@code azure-openai:<resource>}), with its own quota and outages,
     * so it gets its own name, and so its own breakers and throttles.
     */
    public String nameOn(String actualHost) {
        return hostSuffix ? name + ":" + actualHost.substring(0, actualHost.length() - host.length()) : name;
    }

    /** The provider as the agent knows it without config: no keys, no model map. */
    public Provider toProvider(String actualHost) {
        return new Provider(nameOn(actualHost), baseUrlOn(actualHost), protocol, List.of(), Map.of());
    }
}
