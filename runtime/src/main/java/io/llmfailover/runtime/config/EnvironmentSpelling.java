package io.llmfailover.runtime.config;

import io.llmfailover.runtime.provider.WellKnownProvider;
import io.llmfailover.runtime.provider.WellKnownProviders;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The keys an {@code LLM_FAILOVER_<KEY>} variable can stand for. {@code <KEY>} is the key in upper case
 * with {@code .} and {@code -} as {@code _}, a spelling that loses which of the three a name held; so
 * a variable is matched against the keys the config can hold, spelt the same way: every setting, every
 * key the file or a system property writes, and each attribute of every provider and route they name
 * (and of every well-known provider), with its drill.
 */
final class EnvironmentSpelling {

    private final Map<String, Set<String>> keysBySpelling = new TreeMap<>();

    private EnvironmentSpelling() {}

    /** @param written the keys of the file and the system properties */
    static EnvironmentSpelling of(Collection<String> written) {
        EnvironmentSpelling spelling = new EnvironmentSpelling();
        KnownKeys.SETTINGS.forEach(spelling::add);
        spelling.add(KnownKeys.AGENT_MAX_THREADS);
        written.forEach(spelling::add);
        Set<String> providers = new TreeSet<>();
        WellKnownProviders.all().stream().map(WellKnownProvider::name).forEach(providers::add);
        Set<String> routes = new TreeSet<>();
        for (String key : written) {
            if (key.startsWith("provider.")) {
                providers.add(ProviderDefinitions.nameIn(key));
            } else if (key.startsWith("route.") && key.lastIndexOf('.') > "route.".length()) {
                routes.add(key.substring("route.".length(), key.lastIndexOf('.')));
            }
        }
        providers.stream().filter(name -> !name.isEmpty()).forEach(name -> {
            spelling.attributesOf("provider." + name + ".", KnownKeys.PROVIDER_ATTRIBUTES);
            spelling.add("drill." + name + ".fault");
        });
        routes.forEach(name -> spelling.attributesOf("route." + name + ".", KnownKeys.ROUTE_ATTRIBUTES));
        return spelling;
    }

    /** {@code provider.gcp.gemini.api-key} is {@code PROVIDER_GCP_GEMINI_API_KEY}. */
    static String of(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The keys spelt {@code spelling}: none, one, or (ambiguous) several, in name order. */
    Set<String> keysSpelt(String spelling) {
        return keysBySpelling.getOrDefault(spelling, Set.of());
    }

    /** Every spelling, for the closest one to a misspelt variable. */
    List<String> spellings() {
        return List.copyOf(keysBySpelling.keySet());
    }

    private void attributesOf(String block, List<String> attributes) {
        attributes.stream().filter(attribute -> !attribute.endsWith("*")).forEach(attribute -> add(block + attribute));
    }

    private void add(String key) {
        keysBySpelling.computeIfAbsent(of(key), spelling -> new TreeSet<>()).add(key);
    }

    /** The spellings of a block's attributes, in the contract's order: what a variable that spells none is told. */
    static Set<String> attributeSpellings(List<String> attributes) {
        Set<String> spellings = new LinkedHashSet<>();
        attributes.stream().filter(attribute -> !attribute.endsWith("*")).map(EnvironmentSpelling::of).forEach(spellings::add);
        return spellings;
    }
}
