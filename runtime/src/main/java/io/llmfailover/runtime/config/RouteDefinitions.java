package io.llmfailover.runtime.config;

import io.llmfailover.runtime.provider.WellKnownProviders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code route.<name>.match} and {@code .chain} blocks. A route's match may name a configured
 * or a well-known provider; its chain starts with that provider, and every fallback after it must
 * be configured, since a fallback needs its own credentials.
 */
final class RouteDefinitions {

    private static final String PREFIX = "route.";

    private final Map<String, Block> blocks = new LinkedHashMap<>();

    private static final class Block {
        final String name;
        ConfigEntry match;
        ConfigEntry chain;
        ConfigEntry hedgeAfter;
        ConfigEntry selectable;

        Block(String name) {
            this.name = name;
        }

        String where() {
            return match != null ? match.where() : chain.where();
        }
    }

    void accept(ConfigEntry entry, ConfigProblems problems) {
        String rest = entry.key().substring(PREFIX.length());
        int lastDot = rest.lastIndexOf('.');
        if (lastDot <= 0) {
            problems.addUnknownKey(entry, "unknown key; expected route.<name>.match or route.<name>.chain");
            return;
        }
        String name = rest.substring(0, lastDot);
        switch (rest.substring(lastDot + 1)) {
            case "match" -> blocks.computeIfAbsent(name, Block::new).match = entry;
            case "chain" -> blocks.computeIfAbsent(name, Block::new).chain = entry;
            case "hedge-after" -> blocks.computeIfAbsent(name, Block::new).hedgeAfter = entry;
            case "selectable" -> blocks.computeIfAbsent(name, Block::new).selectable = entry;
            default -> problems.addUnknownKey(entry, KnownKeys.unknownKeyProblem(entry.key(),
                    KnownKeys.ROUTE_ATTRIBUTES.stream().map(a -> PREFIX + name + "." + a).toList()));
        }
    }

    /**
     * @param definedProviders names with a {@code provider.<name>.*} block, valid or not, so that a
     *     provider with its own problem does not also fail every route naming it
     */
    List<RouteSettings> build(Set<String> definedProviders, ConfigProblems problems) {
        List<RouteSettings> routes = new ArrayList<>();
        for (Block block : blocks.values()) {
            build(block, definedProviders, problems).ifPresent(routes::add);
        }
        return routes;
    }

    private Optional<RouteSettings> build(Block block, Set<String> defined, ConfigProblems problems) {
        String subject = PREFIX + block.name;
        if (block.match == null) {
            problems.add(block.where(), subject, "no match; add " + subject + ".match = <provider>[/<model-glob>]");
            return Optional.empty();
        }
        if (block.chain == null) {
            problems.add(block.where(), subject, "no chain; add " + subject + ".chain = <provider>, <fallback>, ...");
            return Optional.empty();
        }
        if (block.match.value() == null || block.chain.value() == null) {
            return Optional.empty();
        }
        Optional<Match> match = match(block.match, problems);
        if (match.isEmpty()) {
            return Optional.empty();
        }
        boolean known = isKnown(block.match, match.get().provider, defined, problems);
        Optional<List<String>> chain = chain(block.chain, match.get().provider, defined, problems);
        Optional<Duration> hedgeAfter = hedgeAfter(block.hedgeAfter, problems);
        Optional<Boolean> selectable = selectable(block.selectable, problems);
        if (!known || chain.isEmpty() || selectable.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RouteSettings(block.name, match.get().provider, match.get().modelGlob, chain.get(),
                hedgeAfter.orElse(null), selectable.get()));
    }

    /** {@code route.<name>.selectable}: false when absent; empty when invalid, which is reported. */
    private static Optional<Boolean> selectable(ConfigEntry entry, ConfigProblems problems) {
        if (entry == null || entry.value() == null) {
            return Optional.of(false);
        }
        String value = entry.value().strip().toLowerCase(Locale.ROOT);
        if (value.equals("true") || value.equals("false")) {
            return Optional.of(Boolean.parseBoolean(value));
        }
        problems.add(entry, "expected true or false (true: an x-llm-route header may pick this route"
                + " for a call addressed to another provider)");
        return Optional.empty();
    }

    /** {@code route.<name>.hedge-after}: empty when absent (or invalid, which is reported), zero for {@code off}. */
    private static Optional<Duration> hedgeAfter(ConfigEntry entry, ConfigProblems problems) {
        if (entry == null || entry.value() == null) {
            return Optional.empty();
        }
        String value = entry.value().strip();
        if (value.equals("0") || value.equalsIgnoreCase("off")) {
            return Optional.of(Duration.ZERO);
        }
        try {
            return Optional.of(Durations.parse(value));
        } catch (IllegalArgumentException e) {
            problems.add(entry, e.getMessage());
            return Optional.empty();
        }
    }

    private record Match(String provider, String modelGlob) {}

    private static Optional<Match> match(ConfigEntry entry, ConfigProblems problems) {
        String value = entry.value().strip();
        int slash = value.indexOf('/');
        String provider = (slash < 0 ? value : value.substring(0, slash)).strip();
        String glob = slash < 0 ? "" : value.substring(slash + 1).strip();
        if (provider.isEmpty()) {
            problems.add(entry, "expected <provider> or <provider>/<model-glob>");
            return Optional.empty();
        }
        return Optional.of(new Match(provider, glob.isEmpty() || glob.equals("*") ? null : glob));
    }

    private static boolean isKnown(ConfigEntry match, String provider, Set<String> defined, ConfigProblems problems) {
        if (defined.contains(provider) || WellKnownProviders.named(provider).isPresent()) {
            return true;
        }
        problems.add(match, "no provider named " + provider + "; define provider." + provider
                + ".url or name a well-known provider (" + wellKnownNames() + ")");
        return false;
    }

    /** The chain starts with the match's provider; each fallback after it must be configured. */
    private static Optional<List<String>> chain(ConfigEntry entry, String target, Set<String> defined,
            ConfigProblems problems) {
        List<String> chain = Arrays.stream(entry.value().split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (chain.isEmpty()) {
            problems.add(entry, "empty chain; expected the route's provider, then its fallbacks in order");
            return Optional.empty();
        }
        boolean valid = true;
        if (!RouteSettings.stepProvider(chain.get(0)).equals(target)) {
            problems.add(entry, "the app's own target must be the first provider of its route's chain;"
                    + " expected the chain to start with " + target);
            valid = false;
        }
        Set<String> seen = new HashSet<>();
        for (String step : chain) {
            String name = RouteSettings.stepProvider(step);
            if (!seen.add(step)) {
                problems.add(entry, step + " appears twice in the chain");
                valid = false;
            } else if (step.endsWith("/")) {
                problems.add(entry, "no model after " + step + "; expected " + name + " or " + name + "/<model>");
                valid = false;
            } else if (!name.equals(target) && !defined.contains(name)) {
                problems.add(entry, "no provider named " + name + "; define provider." + name + ".url"
                        + (WellKnownProviders.named(name).isPresent() ? " or at least provider." + name + ".api-key" : ""));
                valid = false;
            }
        }
        return valid ? Optional.of(chain) : Optional.empty();
    }

    private static String wellKnownNames() {
        return String.join(", ", WellKnownProviders.all().stream().map(e -> e.name()).toList());
    }
}
