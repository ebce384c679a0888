package io.llmfailover.runtime.protocol.bridge;


import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialect;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialects;
import io.llmfailover.runtime.provider.Protocol;

/** Finds the bridge from the protocol an app speaks to the protocol a provider speaks. */
public final class ProtocolBridges {

    private ProtocolBridges() {}

    /** The bridge for a target of unknown identity, with default options (no dialect, max_tokens 4096). */
    public static ProtocolBridge between(Protocol from, Protocol to) {
        return between(from, to, BridgeOptions.DEFAULTS);
    }

    /**
     * The bridge for one target provider: {@code options.target()} selects the dialect of an
     * OpenAI-compatible endpoint, also on the same-protocol path. Every pair of protocols has a
     * bridge; one from or to Vertex AI is its publishers' bridge inside Vertex's envelope.
     */
    public static ProtocolBridge between(Protocol from, Protocol to, BridgeOptions options) {
        ProtocolBridge publishers = betweenWires(from.wire(), to.wire(), options);
        boolean onVertex = from.vertexPublisher() != null || to.vertexPublisher() != null;
        return onVertex ? new VertexBridge(publishers, from, to) : publishers;
    }

    private static ProtocolBridge betweenWires(Protocol from, Protocol to, BridgeOptions options) {
        if (from == to) {
            if (from == Protocol.OPENAI) {
                OpenAiDialect dialect = OpenAiDialects.of(options.target());
                if (dialect != OpenAiDialects.GENERIC) {
                    return new OpenAiCompatibleBridge(dialect, options);
                }
            }
            return SameProtocolBridge.INSTANCE;
        }
        return new CrossProtocolBridge(from, WireFormats.target(to), options);
    }
}
