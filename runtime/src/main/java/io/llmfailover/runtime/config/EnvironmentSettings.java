package io.llmfailover.runtime.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The settings of the {@code LLM_FAILOVER_<KEY>} environment variables. Each sets the key its name
 * spells ({@link EnvironmentSpelling}); one under {@code PROVIDER_}, {@code ROUTE_} or {@code DRILL_}
 * that spells no known key adds a provider or route of its own, whose name must then be one plain
 * word. A variable a {@code ${NAME}} placeholder reads, or with a blank value, sets nothing; one that
 * spells nothing under a prefix the agent owns is a problem, any other is not the agent's.
 */
final class EnvironmentSettings {

    static final String PREFIX = "LLM_FAILOVER_";

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Z0-9]+");
    private static final String MODEL = "_MODEL_";

    /** A block whose name a variable may bring: {@code PROVIDER_BACKUP_URL} is {@code provider.backup.url}. */
    private record NamedBlock(String spelt, String keyPrefix, List<String> attributes) {}

    private static final List<NamedBlock> BLOCKS = List.of(
            new NamedBlock("PROVIDER_", "provider.", KnownKeys.PROVIDER_ATTRIBUTES),
            new NamedBlock("ROUTE_", "route.", KnownKeys.ROUTE_ATTRIBUTES),
            new NamedBlock("DRILL_", "drill.", List.of("fault")));

    private final EnvironmentSpelling spelling;
    private final ConfigProblems problems;

    private EnvironmentSettings(EnvironmentSpelling spelling, ConfigProblems problems) {
        this.spelling = spelling;
        this.problems = problems;
    }

    /**
     * @param written the entries of the file and the system properties: the names they give, and the
     *     variables their placeholders read
     * @return an entry per variable that sets a key, in variable name order
     */
    static List<ConfigEntry> read(Map<String, String> env, List<ConfigEntry> written, ConfigProblems problems) {
        Set<String> placeholders = new HashSet<>();
        written.forEach(entry -> placeholders.addAll(EnvPlaceholders.namesIn(entry.rawValue())));
        EnvironmentSettings settings = new EnvironmentSettings(
                EnvironmentSpelling.of(written.stream().map(ConfigEntry::key).toList()), problems);
        List<ConfigEntry> entries = new ArrayList<>();
        new TreeMap<>(env).forEach((variable, value) -> {
            if (variable.startsWith(PREFIX) && variable.length() > PREFIX.length()
                    && !variable.equals(ConfigFileLookup.ENV_VARIABLE) && !placeholders.contains(variable)
                    && value != null && !value.isBlank()) {
                settings.keyOf(variable).ifPresent(key -> entries.add(ConfigEntry.environment(key, value.strip(), variable)));
            }
        });
        return entries;
    }

    private Optional<String> keyOf(String variable) {
        String spelt = variable.substring(PREFIX.length());
        Set<String> keys = spelling.keysSpelt(spelt);
        if (keys.size() == 1) {
            return Optional.of(keys.iterator().next());
        }
        if (keys.size() > 1) {
            problems.addVariable(variable, "stands for any of " + String.join(", ", keys)
                    + "; set the one you mean in the file or as a system property -Dllm.failover.<key>");
            return Optional.empty();
        }
        for (NamedBlock block : BLOCKS) {
            if (spelt.startsWith(block.spelt())) {
                return newBlockKey(variable, spelt.substring(block.spelt().length()), block);
            }
        }
        if (spelt.startsWith("OTEL_")) {
            problems.addVariable(variable, "the otel.* settings are read from the standard variables: set " + spelt);
        } else if (KnownKeys.OWNED_PREFIXES.stream().map(EnvironmentSpelling::of).anyMatch(spelt::startsWith)) {
            problems.addVariable(variable, KnownKeys.closest(spelt, spelling.spellings())
                    .map(closest -> "no such setting; did you mean " + PREFIX + closest + "?")
                    .orElse("no such setting; see docs/configuration.md for the keys and their spelling"));
        }
        return Optional.empty();
    }

    /** The key of a provider, route or drill the file does not name, named by the variable alone. */
    private Optional<String> newBlockKey(String variable, String rest, NamedBlock block) {
        if (block.keyPrefix().equals("provider.") && rest.contains(MODEL)) {
            problems.addVariable(variable, "a model's name cannot be spelt in a variable (gpt-4.1 and gpt-4-1 are both"
                    + " GPT_4_1): write provider.<name>.model.<model> in the file, and a variable then overrides it");
            return Optional.empty();
        }
        Optional<String> attribute = block.attributes().stream()
                .filter(candidate -> !candidate.endsWith("*"))
                .sorted(Comparator.comparingInt(String::length).reversed())
                .filter(candidate -> rest.endsWith("_" + EnvironmentSpelling.of(candidate))
                        && rest.length() > EnvironmentSpelling.of(candidate).length() + 1)
                .findFirst();
        if (attribute.isEmpty()) {
            problems.addVariable(variable, "no such setting; expected " + PREFIX + block.spelt() + "<NAME>_ and one of "
                    + String.join(", ", EnvironmentSpelling.attributeSpellings(block.attributes())));
            return Optional.empty();
        }
        String name = rest.substring(0, rest.length() - EnvironmentSpelling.of(attribute.get()).length() - 1);
        if (!PLAIN_NAME.matcher(name).matches()) {
            problems.addVariable(variable, "cannot tell whether each _ of " + name + " is a '.', a '-' or a '_': write"
                    + " one key of this " + block.keyPrefix().replace(".", "") + " in the file or as a system property,"
                    + " and the variables then fill in the others; or give it a name of letters and digits alone");
            return Optional.empty();
        }
        return Optional.of(block.keyPrefix() + name.toLowerCase(Locale.ROOT) + "." + attribute.get());
    }
}
