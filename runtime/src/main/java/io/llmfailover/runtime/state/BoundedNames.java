package io.llmfailover.runtime.state;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Keeps at most a few distinct names per group (a provider's models, a provider's tenants'
 * credentials): state keyed by names that callers choose then stays bounded whatever they send.
 * A name past the bound takes the place of the least recently used one, which is dropped, with its
 * state ({@link Eviction}): names in real use keep theirs, and a new one is never refused its own.
 *
 * <p>A name already kept costs a map lookup and two reads (a write when its use is newer than its
 * last); recency is counted in admissions, so a use marks a name as used since the last new name
 * came, which is what choosing one to drop needs. Only a new name takes the group's lock, and the
 * {@link Eviction} runs after it is released: the name is out of the group by then, so another new
 * name never waits on the dropping of its state. Should the dropped name come back meanwhile, the
 * late drop takes what it made in between, made afresh at its next use, as after any eviction.
 */
public final class BoundedNames {

    /**
     * Told of a name dropped to make room, on the thread that admitted the new one, outside the group's
     * lock: drop what is kept by it, at a cost proportional to that.
     */
    @FunctionalInterface
    public interface Eviction {
        void evicted(String group, String name);
    }

    private final int maxPerGroup;
    private final Eviction eviction;
    private final ConcurrentMap<String, Group> groups = new ConcurrentHashMap<>();

    /**
     * @param maxPerGroup how many distinct names of one group are kept
     * @param eviction told of each name dropped
     */
    public BoundedNames(int maxPerGroup, Eviction eviction) {
        if (maxPerGroup < 1) {
            throw new IllegalArgumentException("maxPerGroup must be at least 1, was " + maxPerGroup);
        }
        this.maxPerGroup = maxPerGroup;
        this.eviction = eviction;
    }

    /** Keeps {@code name} in {@code group}, as used now, making room if it is new; returns it. */
    public String admit(String group, String name) {
        Group kept = groups.get(group);
        if (kept == null) {
            kept = groups.computeIfAbsent(group, Group::new);
        }
        kept.use(name);
        return name;
    }

    /** Whether {@code name} is kept in {@code group} now. */
    public boolean contains(String group, String name) {
        Group kept = groups.get(group);
        return kept != null && kept.lastUse.containsKey(name);
    }

    /** Forgets a group's names, without telling ({@link ProviderControls#forget} drops their state itself). */
    public void forget(String group) {
        groups.remove(group);
    }

    /**
     * The names kept now, with their order of use, bounded as here and told of their own evictions,
     * but for the groups in {@code forgotten}: for a reload that keeps the state they name.
     */
    public BoundedNames carriedOver(Eviction next, Set<String> forgotten) {
        BoundedNames carried = new BoundedNames(maxPerGroup, next);
        groups.forEach((name, group) -> {
            if (!forgotten.contains(name)) {
                carried.groups.put(name, group.copyInto(carried));
            }
        });
        return carried;
    }

    private final class Group {
        private final String name;
        /** By name, the admissions counted when it was last used. */
        private final ConcurrentMap<String, Use> lastUse = new ConcurrentHashMap<>();
        private volatile long admissions;

        Group(String name) {
            this.name = name;
        }

        void use(String used) {
            Use use = lastUse.get(used);
            if (use != null) {
                use.at(admissions);
                return;
            }
            String dropped = keepNew(used);
            if (dropped != null) {
                eviction.evicted(name, dropped);
            }
        }

        /** Keeps a name not kept a moment ago; returns the name dropped to make room, or null. */
        private synchronized String keepNew(String used) {
            Use use = lastUse.get(used);
            if (use != null) {
                use.at(admissions);
                return null;
            }
            String dropped = lastUse.size() >= maxPerGroup ? dropLeastRecentlyUsed() : null;
            admissions++;
            lastUse.put(used, new Use(admissions));
            return dropped;
        }

        /** This group's names and their uses, as a group of {@code owner}. */
        synchronized Group copyInto(BoundedNames owner) {
            Group copy = owner.new Group(name);
            lastUse.forEach((kept, use) -> copy.lastUse.put(kept, new Use(use.at)));
            copy.admissions = admissions;
            return copy;
        }

        private String dropLeastRecentlyUsed() {
            String oldest = null;
            long oldestUse = Long.MAX_VALUE;
            for (Map.Entry<String, Use> entry : lastUse.entrySet()) {
                long at = entry.getValue().at;
                if (at < oldestUse) {
                    oldest = entry.getKey();
                    oldestUse = at;
                }
            }
            if (oldest != null) {
                lastUse.remove(oldest);
            }
            return oldest;
        }
    }

    /** When a name was last used, in admissions. */
    private static final class Use {
        private volatile long at;

        Use(long at) {
            this.at = at;
        }

        void at(long now) {
            if (at != now) {
                at = now;
            }
        }
    }
}
