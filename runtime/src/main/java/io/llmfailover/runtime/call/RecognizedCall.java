package io.llmfailover.runtime.call;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;

/**
 * A request the gateway governs: a generation call to a known provider.
 *
 * @param request the app's request, exactly as it was sent
 * @param addressed the provider the app addressed
 * @param source the call in the addressed provider's protocol
 */
public record RecognizedCall(LlmRequest request, Provider addressed, SourceRequest source) {

    /**
     * The protocol the app speaks: the addressed provider's, but on Bedrock it is told by the call,
     * as one host answers both Converse and Claude's InvokeModel (whose recognized operation is
     * Anthropic's Messages).
     */
    public Protocol caller() {
        if (!addressed.protocol().onBedrock()) {
            return addressed.protocol();
        }
        return source.operation() == Operation.MESSAGES ? Protocol.BEDROCK_ANTHROPIC : Protocol.BEDROCK;
    }
}
