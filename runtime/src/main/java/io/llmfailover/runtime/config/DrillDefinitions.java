package io.llmfailover.runtime.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The {@code drill.<provider>.fault} entries, gathered, then checked against the providers and {@code drill.enabled}. */
final class DrillDefinitions {

    private static final String PREFIX = "drill.";
    private static final String SUFFIX = ".fault";

    private final List<ConfigEntry> entries = new ArrayList<>();

    static boolean isFault(String key) {
        return key.startsWith(PREFIX) && key.endsWith(SUFFIX) && key.length() > PREFIX.length() + SUFFIX.length();
    }

    void accept(ConfigEntry entry) {
        entries.add(entry);
    }

    DrillSettings build(boolean enabled, Set<String> providers, ConfigProblems problems) {
        Map<String, List<DrillFault>> faults = new LinkedHashMap<>();
        List<String> refused = new ArrayList<>();
        for (ConfigEntry entry : entries) {
            String provider = entry.key().substring(PREFIX.length(), entry.key().length() - SUFFIX.length());
            if (!providers.contains(provider)) {
                problems.add(entry, "no provider named '" + provider + "'; drills name a provider of this file: "
                        + String.join(", ", providers));
                continue;
            }
            try {
                List<DrillFault> parsed = DrillFault.parseList(entry.value());
                if (enabled) {
                    faults.put(provider, parsed);
                } else {
                    refused.add(entry.toString());
                }
            } catch (IllegalArgumentException malformed) {
                problems.add(entry, malformed.getMessage());
            }
        }
        return new DrillSettings(faults, refused);
    }
}
