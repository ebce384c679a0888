package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.provider.Protocol;
import java.util.Optional;

/** Finds the bridge from the protocol an app speaks to the protocol a provider speaks. */
public final class ProtocolBridges {

    private ProtocolBridges() {}

    /** Empty when no translation exists yet between the two; the gateway then skips that provider. */
    public static Optional<ProtocolBridge> between(Protocol from, Protocol to) {
        if (from == to) {
            return Optional.of(SameProtocolBridge.INSTANCE);
        }
        return Optional.empty();
    }
}
