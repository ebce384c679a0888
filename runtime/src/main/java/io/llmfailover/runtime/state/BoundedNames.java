package io.llmfailover.runtime.state;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Admits the first few distinct names of each group as they are; every later name of that group
 * shares one overflow name. State keyed by names that callers choose (a model string, a tenant's
 * credential) then stays bounded whatever they send, and the names seen first, which are the ones
 * in real use, stay exact. Nothing is ever evicted, so no state is ever silently reset.
 */
public final class BoundedNames {

    private final int maxPerGroup;
    private final String overflow;
    private final ConcurrentMap<String, Set<String>> admittedByGroup = new ConcurrentHashMap<>();

    /**
     * @param maxPerGroup how many distinct names of one group keep their own name
     * @param overflow the name all the others share; pick one no caller would send
     */
    public BoundedNames(int maxPerGroup, String overflow) {
        if (maxPerGroup < 0) {
            throw new IllegalArgumentException("maxPerGroup must not be negative, was " + maxPerGroup);
        }
        this.maxPerGroup = maxPerGroup;
        this.overflow = overflow;
    }

    /** {@code name} itself while the group has room or already admitted it, else the overflow name. */
    public String admit(String group, String name) {
        Set<String> admitted = admittedByGroup.get(group);
        if (admitted == null) {
            admitted = admittedByGroup.computeIfAbsent(group, g -> ConcurrentHashMap.newKeySet());
        }
        if (admitted.contains(name)) {
            return name;
        }
        synchronized (admitted) {
            if (admitted.size() >= maxPerGroup) {
                return admitted.contains(name) ? name : overflow;
            }
            admitted.add(name);
            return name;
        }
    }

    public String overflow() {
        return overflow;
    }
}
