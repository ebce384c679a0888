package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;

/** Which calls may be hedged: sending one twice must leave nothing behind at the provider. */
final class Hedging {

    private Hedging() {}

    /**
     * Chat, messages, content generation and embeddings keep no state at the provider. The
     * Responses API stores each response (and may run it in the background) by default, so two
     * sends are two stored responses: never hedged.
     */
    static boolean mayRunTwice(SourceRequest source) {
        return source.operation() != Operation.RESPONSES;
    }
}
