// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.provider;
import io.llmfailover.runtime.config.FailoverConfig;
import java.net.URI;
import java.util.Optional;
public final class ProviderDirectory {
    public ProviderDirectory(FailoverConfig config) {}
    public boolean governs(URI uri) { return false; }
    public Optional<Provider> addressed(URI uri) { return Optional.empty(); }
    public Optional<Provider> byName(String name) { return Optional.empty(); }
}
