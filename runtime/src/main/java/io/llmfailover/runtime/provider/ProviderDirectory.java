package io.llmfailover.runtime.provider;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Answers, on every request, whether the agent governs it and which provider the app addressed:
 * the configured providers first, then the well-known catalogue.
 *
 * <p>A configured provider at the same place as a catalogue entry (same host, https, default port,
 * same base path) replaces that entry; a configured provider with a catalogue entry's name but a
 * different place hides that entry, so that one name always means one provider.
 */
public final class ProviderDirectory {

    /**
     * Hosts of customer resources seen on host-suffix entries (Azure) that get a provider name, and
     * so breakers and throttles, of their own; any further host shares {@code <entry>:}{@value #OTHER_HOSTS}.
     */
    static final int MAX_SUFFIX_HOSTS = 1024;
    static final String OTHER_HOSTS = "(other)";

    private final Map<String, Provider> byName;
    /** Configured providers by host; a call's scheme and port pick among them (no key built per call). */
    private final Map<String, List<Provider>> configuredByHost;
    private final Map<String, List<Provider>> wellKnownByHost;
    private final List<WellKnownProvider> suffixEntries;
    private final Map<String, int[]> governedPortsByHost;
    private final Map<String, Provider> suffixHostProviders = new ConcurrentHashMap<>();

    private ProviderDirectory(Collection<Provider> configured, List<WellKnownProvider> catalogue) {
        this.byName = new LinkedHashMap<>();
        this.configuredByHost = new HashMap<>();
        this.wellKnownByHost = new HashMap<>();
        this.suffixEntries = new ArrayList<>();
        this.governedPortsByHost = new HashMap<>();
        configured.forEach(this::addConfigured);
        catalogue.forEach(this::addWellKnown);
    }

    /** The configured providers, and the well-known ones. */
    public static ProviderDirectory of(Collection<Provider> configured) {
        return of(configured, WellKnownProviders.all());
    }

    public static ProviderDirectory of(Collection<Provider> configured, List<WellKnownProvider> catalogue) {
        return new ProviderDirectory(configured, catalogue);
    }

    /** Whether {@code uri} goes to a host[:port] where a configured or well-known provider lives. */
    public boolean governs(URI uri) {
        String host = lowerCase(uri.getHost());
        if (host == null) {
            return false;
        }
        int port = BaseUrl.effectivePort(uri);
        int[] ports = governedPortsByHost.get(host);
        if (ports != null && contains(ports, port)) {
            return true;
        }
        return port == WellKnownProvider.PORT && suffixEntryFor(host) != null;
    }

    /**
     * The provider the app addressed with {@code uri}: a configured one on the same scheme, host and
     * port whose base path is the longest prefix of the request path; else a well-known one.
     */
    public Optional<Provider> addressed(URI uri) {
        String host = lowerCase(uri.getHost());
        if (host == null) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        int port = BaseUrl.effectivePort(uri);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        Optional<Provider> configured = longestPrefix(configuredByHost.get(host), scheme, port, path);
        if (configured.isPresent()) {
            return configured;
        }
        if (!scheme.equals("https") || port != WellKnownProvider.PORT) {
            return Optional.empty();
        }
        return wellKnown(host, path);
    }

    /**
     * For a call to a configured provider's host and port that {@link #addressed} matches to none
     * (another scheme, a path outside every base path): the configured provider there it most
     * likely meant, on the same scheme first, then the one whose base path the call's path lies
     * under. Empty when no configured provider is on that host and port, or one matches.
     */
    public Optional<Provider> nearestConfigured(URI uri) {
        String host = lowerCase(uri.getHost());
        List<Provider> onHost = host == null ? null : configuredByHost.get(host);
        if (onHost == null || addressed(uri).filter(onHost::contains).isPresent()) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        int port = BaseUrl.effectivePort(uri);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        Provider nearest = null;
        int nearness = -1;
        for (Provider candidate : onHost) {
            URI base = candidate.baseUrl();
            int score = (scheme.equalsIgnoreCase(base.getScheme()) ? 2 : 0) + (BaseUrl.isUnder(path, base.getRawPath()) ? 1 : 0);
            if (BaseUrl.effectivePort(base) == port && score > nearness) {
                nearest = candidate;
                nearness = score;
            }
        }
        return Optional.ofNullable(nearest);
    }

    /**
     * A configured provider, or a well-known one by its catalogue name. Host-suffix entries (Azure)
     * have no single host, so they are found only through {@link #addressed(URI)}.
     */
    public Optional<Provider> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    private void addConfigured(Provider provider) {
        URI base = provider.baseUrl();
        String host = lowerCase(base.getHost());
        int port = BaseUrl.effectivePort(base);
        byName.put(provider.name(), provider);
        configuredByHost.computeIfAbsent(host, k -> new ArrayList<>()).add(provider);
        governPort(host, port);
    }

    private void addWellKnown(WellKnownProvider entry) {
        Provider named = byName.get(entry.name());
        if (named != null && !sitsAt(named, entry)) {
            return;
        }
        if (entry.hostSuffix()) {
            suffixEntries.add(entry);
            return;
        }
        Optional<Provider> replacement = replacementFor(entry);
        Provider effective = replacement.orElseGet(() -> entry.toProvider(entry.host()));
        wellKnownByHost.computeIfAbsent(entry.host(), k -> new ArrayList<>()).add(effective);
        if (replacement.isEmpty()) {
            byName.putIfAbsent(entry.name(), effective);
        }
        governPort(entry.host(), WellKnownProvider.PORT);
    }

    private Optional<Provider> replacementFor(WellKnownProvider entry) {
        List<Provider> onHost = configuredByHost.get(entry.host());
        if (onHost == null) {
            return Optional.empty();
        }
        return onHost.stream().filter(provider -> sitsAt(provider, entry)).findFirst();
    }

    private static boolean sitsAt(Provider provider, WellKnownProvider entry) {
        URI base = provider.baseUrl();
        return "https".equals(base.getScheme())
                && BaseUrl.effectivePort(base) == WellKnownProvider.PORT
                && entry.servesHost(base.getHost().toLowerCase(Locale.ROOT))
                && entry.basePath().equals(base.getRawPath());
    }

    private Optional<Provider> wellKnown(String host, String path) {
        List<Provider> onHost = wellKnownByHost.get(host);
        if (onHost != null) {
            return longestPrefix(onHost, "https", WellKnownProvider.PORT, path).or(() -> Optional.of(onHost.get(0)));
        }
        WellKnownProvider suffixEntry = suffixEntryFor(host);
        if (suffixEntry == null) {
            return Optional.empty();
        }
        return Optional.of(providerOnSuffixHost(suffixEntry, host));
    }

    private Provider providerOnSuffixHost(WellKnownProvider entry, String host) {
        Provider cached = suffixHostProviders.get(host);
        if (cached != null) {
            return cached;
        }
        Provider provider = entry.toProvider(host);
        if (suffixHostProviders.size() < MAX_SUFFIX_HOSTS) {
            suffixHostProviders.put(host, provider);
            return provider;
        }
        return new Provider(entry.name() + ":" + OTHER_HOSTS, provider.baseUrl(), provider.protocol(), List.of(), Map.of());
    }

    private WellKnownProvider suffixEntryFor(String host) {
        for (int i = 0; i < suffixEntries.size(); i++) {
            if (suffixEntries.get(i).servesHost(host)) {
                return suffixEntries.get(i);
            }
        }
        return null;
    }

    /** Of the candidates on the call's scheme and port, the one whose base path is the longest prefix of {@code path}. */
    private static Optional<Provider> longestPrefix(List<Provider> candidates, String scheme, int port, String path) {
        if (candidates == null) {
            return Optional.empty();
        }
        Provider best = null;
        for (int i = 0; i < candidates.size(); i++) { // indexed: no iterator on every call
            Provider candidate = candidates.get(i);
            String basePath = candidate.baseUrl().getRawPath();
            if (sameOrigin(candidate, scheme, port) && BaseUrl.isUnder(path, basePath)
                    && (best == null || fitsBetter(candidate, best, path))) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A longer base path fits better; on Vertex AI one base URL serves every publisher, so between two
     * equally long ones the publisher the path names decides.
     */
    private static boolean fitsBetter(Provider candidate, Provider best, String path) {
        int length = candidate.baseUrl().getRawPath().length();
        int bestLength = best.baseUrl().getRawPath().length();
        return length > bestLength || (length == bestLength && namesPublisherOf(candidate, path) && !namesPublisherOf(best, path));
    }

    private static boolean namesPublisherOf(Provider provider, String path) {
        String models = provider.protocol().vertexModelsPath();
        return models != null && path.contains(models);
    }

    private void governPort(String host, int port) {
        int[] ports = governedPortsByHost.get(host);
        if (ports == null) {
            governedPortsByHost.put(host, new int[] {port});
        } else if (!contains(ports, port)) {
            int[] more = Arrays.copyOf(ports, ports.length + 1);
            more[ports.length] = port;
            governedPortsByHost.put(host, more);
        }
    }

    private static boolean contains(int[] ports, int port) {
        for (int candidate : ports) {
            if (candidate == port) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameOrigin(Provider provider, String scheme, int port) {
        URI base = provider.baseUrl();
        return scheme.equalsIgnoreCase(base.getScheme()) && BaseUrl.effectivePort(base) == port;
    }

    /**
     * The host as calls are matched on it: lower case, and every loopback name ({@code localhost},
     * {@code 127.0.0.1}, {@code ::1}) as one, since each reaches the same listener. No other name
     * is resolved. Lower-cases only when needed: hosts almost always arrive in lower case already.
     */
    static String lowerCase(String host) {
        if (host == null) {
            return null;
        }
        String lower = host;
        for (int i = 0; i < host.length(); i++) {
            if (Character.isUpperCase(host.charAt(i))) {
                lower = host.toLowerCase(Locale.ROOT);
                break;
            }
        }
        return isLoopbackName(lower) ? LOOPBACK : lower;
    }

    private static final String LOOPBACK = "127.0.0.1";

    private static boolean isLoopbackName(String host) {
        return host.equals("localhost") || host.equals("::1") || host.equals("[::1]")
                || host.equals("0:0:0:0:0:0:0:1") || host.equals("[0:0:0:0:0:0:0:1]");
    }
}
