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
     * bridge; one from or to Vertex AI is its publishers' bridge inside Vertex's envelope, and
     * one from or to Bedrock's InvokeModel the Anthropic bridge inside InvokeModel's.
     */
    public static ProtocolBridge between(Protocol from, Protocol to, BridgeOptions options) {
        Protocol target = asked(from, to);
        ProtocolBridge publishers = betweenWires(from.wire(), target.wire(), options);
        if (from == Protocol.BEDROCK_ANTHROPIC || target == Protocol.BEDROCK_ANTHROPIC) {
            publishers = new InvokeModelBridge(publishers, from, target);
        }
        boolean onVertex = from.vertexPublisher() != null || target.vertexPublisher() != null;
        return onVertex ? new VertexBridge(publishers, from, target) : publishers;
    }

    /**
     * The protocol a target is asked in: its own, but a Bedrock provider is asked for Claude in the
     * envelope an InvokeModel app used, Anthropic's body untranslated, rather than through Converse.
     */
    private static Protocol asked(Protocol from, Protocol to) {
        return from == Protocol.BEDROCK_ANTHROPIC && to == Protocol.BEDROCK ? Protocol.BEDROCK_ANTHROPIC : to;
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
