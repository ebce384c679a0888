package io.llmfailover.runtime.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Drills: {@code drill.enabled = true} and {@code drill.<provider>.fault = 429:25%}, faults
 * injected into a share of a provider's attempts without sending them, to rehearse failover.
 *
 * @param faults by provider name, in file order; empty unless {@code drill.enabled} is true
 * @param refused where a fault was written while {@code drill.enabled} is not true
 *     ({@code <file>:<line>: drill.openai.fault}): refused, and said so at start
 */
public record DrillSettings(Map<String, List<DrillFault>> faults, List<String> refused) {

    public static final DrillSettings OFF = new DrillSettings(Map.of(), List.of());

    public DrillSettings {
        faults = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(faults));
        refused = List.copyOf(refused);
    }

    public boolean any() {
        return !faults.isEmpty();
    }
}
