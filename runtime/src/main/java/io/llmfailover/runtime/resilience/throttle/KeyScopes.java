package io.llmfailover.runtime.resilience.throttle;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * By provider and key id, the scopes in which a key has state (a throttle, a quota): the provider,
 * or the provider's model for a chain step that names one. Dropping a key id then visits what it
 * owns, never what every other key owns.
 *
 * <p>Noted as the state is made, inside the computation that puts it in its map, so that a
 * concurrent {@link #remove} of the key either returns the scope, and the remover then drops the
 * state, or leaves it noted for the next. Keys are text ({@code provider\nkeyId}): their equality,
 * run inside the map's bin lock while another map's is held, takes no lock and no method handle,
 * so a virtual thread never pins its carrier there.
 */
public final class KeyScopes {

    /** Each key's scopes, changed only inside {@code compute} on the key: never once removed. */
    private final ConcurrentMap<String, Set<String>> scopes = new ConcurrentHashMap<>();

    /** Notes that the provider's key has state in {@code scope}. */
    public void add(String provider, String keyId, String scope) {
        scopes.compute(key(provider, keyId), (key, known) -> {
            Set<String> kept = known != null ? known : new HashSet<>(2);
            kept.add(scope);
            return kept;
        });
    }

    /** The scopes in which the provider's key has state, which it forgets: the caller drops that state. */
    public Set<String> remove(String provider, String keyId) {
        Set<String> removed = scopes.remove(key(provider, keyId));
        return removed != null ? removed : Set.of();
    }

    /** Forgets every key of the provider. */
    public void removeProvider(String provider) {
        String prefix = provider + "\n";
        scopes.keySet().removeIf(key -> key.startsWith(prefix));
    }

    private static String key(String provider, String keyId) {
        return provider + "\n" + keyId;
    }
}
