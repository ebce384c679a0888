package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.config.FailoverConfig;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/** Which providers a reload added, removed or redefined: their url, protocol, keys, model map or quotas. */
final class ProviderChanges {

    private ProviderChanges() {}

    static Set<String> between(FailoverConfig old, FailoverConfig next) {
        Set<String> names = new HashSet<>(old.providers().keySet());
        names.addAll(next.providers().keySet());
        Set<String> changed = new HashSet<>();
        for (String name : names) {
            boolean same = Objects.equals(old.providers().get(name), next.providers().get(name))
                    && old.shaping().limitsOf(name).equals(next.shaping().limitsOf(name));
            if (!same) {
                changed.add(name);
            }
        }
        return changed;
    }
}
